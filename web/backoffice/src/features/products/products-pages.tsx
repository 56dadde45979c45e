/**
 * The Products screens of the back-office (issue 17): the list (`/backend/products`) and the
 * editor (`/backend/products/new`, `/backend/products/:id`), each its own chunk: the list loads
 * without the editor's form kit, contracts and drag and drop. The router imports these names.
 */
import { lazy } from 'react'

const ProductList = lazy(() => import('./product-list.tsx').then((m) => ({ default: m.ProductList })))
const ProductEditor = lazy(() => import('./product-editor.tsx').then((m) => ({ default: m.ProductEditor })))

export function ProductListPage(_props: Record<string, unknown>) {
  return <ProductList />
}

export function ProductEditorPage(_props: Record<string, unknown>) {
  return <ProductEditor />
}
