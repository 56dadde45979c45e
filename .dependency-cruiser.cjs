// Who may import whom (issue 16, item 8; docs/architecture.md "Packages"). `npm run lint` runs it
// (`npm run lint:boundaries`); each rule says why. Tests (`*.test.ts`, `testing/` folders) may
// reach across: they start the processes they test.

const TESTS = '(\\.test\\.tsx?$|/testing/|\\.test-support\\.ts$)'
/** The deployable services: each its own process; they meet through the store and the bus. */
const SERVICES = '(api|gateway|projector|publisher|notifier|printer)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'shared/ runs in browsers and Node: no IO, no clock of its own, no server code. It may use zod, xstate and i18next only.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: {
        dependencyTypesNot: ['local', 'type-only'],
        pathNot: '^node_modules/(zod|xstate|i18next)/',
      },
    },
    {
      name: 'shared-imports-nothing-above-it',
      comment: 'shared/ is the bottom layer: it never imports services, web apps, scripts or migrations.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(services|web|scripts|migrations)/' },
    },
    {
      name: 'service-imports-no-other-service',
      comment:
        'A deployable service never imports another (DESIGN §4.2): they share kit, read-models and shared, and meet through the store and the bus. The all-in-one process is the one place that puts them together.',
      severity: 'error',
      from: { path: `^services/${SERVICES}/`, pathNot: TESTS },
      to: { path: `^services/${SERVICES}/`, pathNot: '^services/$1/' },
    },
    {
      name: 'service-imports-not-the-composition',
      comment: 'Nothing but tests and scripts imports the all-in-one process.',
      severity: 'error',
      from: { path: '^services/', pathNot: `${TESTS}|^services/all-in-one/` },
      to: { path: '^services/all-in-one/' },
    },
    {
      name: 'read-models-below-services',
      comment: 'The read models are a library of the services: they use kit and shared, never a service.',
      severity: 'error',
      from: { path: '^services/read-models/', pathNot: TESTS },
      to: { path: `^services/(${SERVICES.slice(1, -1)}|all-in-one)/` },
    },
    {
      name: 'kit-at-the-bottom',
      comment: 'The kit is what every service shares: it imports no service and no read model.',
      severity: 'error',
      from: { path: '^services/kit/', pathNot: TESTS },
      to: { path: `^services/(${SERVICES.slice(1, -1)}|all-in-one|read-models)/` },
    },
    {
      name: 'web-imports-no-server-code',
      comment:
        'The web apps run in browsers: they import shared/ and the web packages, never a service, a migration or a script, nor Node built-ins.',
      severity: 'error',
      from: { path: '^web/(storefront|backoffice|ui|live)/', pathNot: TESTS },
      to: { path: '^(services|migrations|scripts)/' },
    },
    {
      name: 'web-no-node-builtins',
      comment: 'Browser code: no Node built-in modules.',
      severity: 'error',
      from: { path: '^web/(storefront|backoffice|ui|live)/src/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'app-imports-no-other-app',
      comment:
        'The storefront and the back-office are separate apps: what both need lives in web/ui, web/live or shared.',
      severity: 'error',
      from: { path: '^web/(storefront|backoffice)/' },
      to: { path: '^web/(storefront|backoffice)/', pathNot: '^web/$1/' },
    },
    {
      name: 'web-packages-import-no-app',
      comment: 'web/ui and web/live are below the apps.',
      severity: 'error',
      from: { path: '^web/(ui|live)/' },
      to: { path: '^web/(storefront|backoffice|e2e)/' },
    },
    {
      name: 'feature-imports-no-other-feature',
      comment:
        'Within an app, a feature does not import another feature (DESIGN §4.9): what two features share moves to the lib/ folder of the app or to web/ui.',
      severity: 'error',
      from: { path: '^web/(storefront|backoffice)/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^web/(storefront|backoffice)/src/features/([^/]+)/',
        pathNot: '^web/$1/src/features/$2/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
