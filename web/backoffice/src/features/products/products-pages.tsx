/**
 * The Products screens of the back-office (issue 17): the list (`/backend/products`) and the
 * editor (`/backend/products/new`, `/backend/products/:id`). The router imports these names.
 */
import { ProductEditor } from './product-editor.tsx'
import { ProductList } from './product-list.tsx'

export function ProductListPage(_props: Record<string, unknown>) {
  return <ProductList />
}

export function ProductEditorPage(_props: Record<string, unknown>) {
  return <ProductEditor />
}
