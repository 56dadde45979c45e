// The harness page's entry: the back-office's own styles, product editor and i18n provider,
// handed to the harness. A .js file on purpose: the root typecheck compiles scripts/ without
// JSX or the DOM library and so must not follow into the back-office's .tsx modules
// (web/tsconfig.json checks those); harness.ts, plain-form.ts and fixture.ts it checks.
import '@shop/ui/styles.css'
import '../../../web/backoffice/src/app/app.css'
import { ProductEditor } from '../../../web/backoffice/src/features/products/product-editor.tsx'
import { LocaleProvider } from '../../../web/backoffice/src/lib/i18n.tsx'
import { startHarness } from './harness.ts'

startHarness({ ProductEditor, LocaleProvider })
