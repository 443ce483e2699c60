/**
 * Architecture rules (docs/architecture.md, "Layers"), checked in CI by `npm run arch`.
 * dependency-cruiser reads the real import graph (TypeScript aware), so a rule here cannot be
 * dodged by a re-export or a relative path spelled differently.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'emulator-is-independent',
      severity: 'error',
      comment:
        'The emulator is the service run locally: it implements the service on its own, so that ' +
        "zonectl's tests against it can fail when zonectl's canonical form is wrong. It imports " +
        'nothing from zonectl (core, api, app, cli); shared facts live as plain data in src/facts.',
      from: { path: '^src/emulator/' },
      to: { path: '^src/(core|api|app|cli)/' },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'src/core is data in, data out: no I/O modules, no process, no network, no file system.',
      from: { path: '^src/core/' },
      to: {
        dependencyTypes: ['core'],
        path: '^(fs|fs/promises|net|http|https|http2|dgram|dns|child_process|worker_threads|cluster|os|process|readline|tty)$',
      },
    },
    {
      name: 'core-has-no-effects',
      severity: 'error',
      comment: 'src/core depends on no effectful layer and on no HTTP library.',
      from: { path: '^src/core/' },
      to: { path: ['^src/(api|app|cli|emulator)/', 'node_modules/undici'] },
    },
    {
      name: 'api-knows-no-emulator',
      severity: 'error',
      comment: 'The API client talks to the service over HTTP; it never reaches into the emulator.',
      from: { path: '^src/(api|core|app)/' },
      to: { path: '^src/emulator/' },
    },
    {
      name: 'facts-are-data',
      severity: 'error',
      comment: 'src/facts holds plain data both sides may read; it imports nothing of the project.',
      from: { path: '^src/facts/' },
      to: { path: '^src/(core|api|app|cli|emulator)/' },
    },
    {
      name: 'export-knows-no-bind',
      severity: 'error',
      comment:
        'core/bind (BIND files in and out) builds on core/export (a zone file from records); ' +
        'core/export never reads BIND presentation, so the two folders depend one way only.',
      from: { path: '^src/core/export/' },
      to: { path: '^src/core/bind/' },
    },
    {
      name: 'service-facts-stand-alone',
      severity: 'error',
      comment:
        "src/core/service is zonectl's one home of what it knows of the service (limits, defaults, " +
        'coexistence, proxiable types): it builds on the shared data of src/facts and imports nothing else.',
      from: { path: '^src/core/service/' },
      to: { path: '^src/', pathNot: '^src/(facts|core/service)/' },
    },
    {
      name: 'facts-reach-zonectl-through-service-and-record-types',
      severity: 'error',
      comment:
        'zonectl reads the shared facts (src/facts) in two places only: what it knows of the service (src/core/service) and ' +
        'of each record type (src/core/record-types, which reads the record-type facts directly and is the door for the rest). ' +
        'The emulator reads them directly too.',
      from: { path: '^src/(core|api|app|cli)/', pathNot: '^src/core/(service|record-types)/' },
      to: { path: '^src/facts/' },
    },
    {
      name: 'record-types-build-on-primitives',
      severity: 'error',
      comment:
        'src/core/record-types holds what zonectl knows of each record type; the rest of core dispatches through it. ' +
        "It builds on the shared facts (src/facts), the service's facts (src/core/service), the registered check codes " +
        "(src/core/checks), text helpers and model's value primitives (names, addresses, TXT strings, the record " +
        'shape) only, never on what uses it (normalize, keys, the API codec, zonefile, bind, render...).',
      from: { path: '^src/core/record-types/' },
      to: {
        path: '^src/',
        pathNot:
          '^src/(facts/|core/(record-types/|service/|checks/|text/index[.]ts$|errors[.]ts$|model/(names|addresses|address-classes|address-text|txt-strings|record)[.]ts$))',
      },
    },
    {
      name: 'record-types-through-the-registry',
      severity: 'error',
      comment:
        'The rest of zonectl reads a record type through the registry (src/core/record-types/index.ts) or the list of ' +
        "types (record-type.ts), never a type's own file: one door, so a definition can change shape without its users.",
      from: { path: '^src/', pathNot: '^src/core/record-types/' },
      to: { path: '^src/core/record-types/', pathNot: '^src/core/record-types/(index|record-type)[.]ts$' },
    },
    {
      name: 'emulator-record-types-through-the-registry',
      severity: 'error',
      comment:
        "The emulator reads a record type through its own registry (src/emulator/records/types/index.ts), never a type's " +
        'own file: one door, as zonectl has its own (record-types-through-the-registry); the two share nothing but src/facts.',
      from: { path: '^src/emulator/', pathNot: '^src/emulator/records/types/' },
      to: { path: '^src/emulator/records/types/', pathNot: '^src/emulator/records/types/index[.]ts$' },
    },
    {
      name: 'core-folders-through-their-index',
      severity: 'error',
      comment:
        'A folder of src/core with a public module (text, yaml, yaml-edit, schema, zonefile, drift) is reached from outside through its ' +
        'index.ts only, which names what it exports. Heavy modules kept off the index (schema/ajv-setup.ts, ' +
        'schema/standalone.ts: Ajv) are for build scripts and tests, not for src.',
      from: { path: '^src/([^/]+/[^/.]+)' },
      to: {
        path: '^src/core/(text|yaml|yaml-edit|schema|zonefile|drift)/',
        pathNot: ['^src/$1/', '^src/core/(text|yaml|yaml-edit|schema|zonefile|drift)/index[.]ts$'],
      },
    },
    {
      name: 'ownership-in-one-home',
      severity: 'error',
      comment:
        "Is this live record the file's, and why not (the service's marks, manage.ignore and its presets, external-dns's " +
        "TXT registry, zonectl's ownership marker, team scopes, manage.unmanaged) is one pure function, whose() in " +
        "src/core/ownership, which every verb and report asks through the folder's index.ts (docs/architecture.md, " +
        '"Ownership"). scripts/arch-text-rules.mjs checks that no other file reads the marks themselves.',
      from: { path: '^src/', pathNot: '^src/core/ownership/' },
      to: { path: '^src/core/ownership/', pathNot: '^src/core/ownership/index[.]ts$' },
    },
    {
      name: 'ownership-asks-no-one',
      severity: 'error',
      comment:
        'src/core/ownership answers from the records and the rules alone: it builds on the record model, the ' +
        "service's facts, the record types, the lock's names and text helpers, never on what asks it (zone files, " +
        'diff, plan, render, export...), so that every verb gets the same answer.',
      from: { path: '^src/core/ownership/' },
      to: {
        path: '^src/',
        pathNot:
          '^src/core/(ownership/|model/|service/|record-types/(index|record-type)[.]ts$|lock/lock-record[.]ts$|text/index[.]ts$|errors[.]ts$)',
      },
    },
    {
      name: 'drift-model-renders-nothing',
      severity: 'error',
      comment:
        "src/core/drift is drift's model (items and their ids, impact, ways out, baseline, the run's report): data in, data " +
        'out. It never imports src/core/render, which turns that model into text (docs/architecture.md, "The engine").',
      from: { path: '^src/core/drift/' },
      to: { path: '^src/core/render/' },
    },
    {
      name: 'yaml-writes-through-the-editor',
      severity: 'error',
      comment:
        "YAML is written in one place: src/core/yaml-edit, the editor of a person's file (import, export --into and " +
        'drift --adopt write through it) and the writer of a new document from a value and its layout (export, the ' +
        'zonectl.yaml of an import; docs/architecture.md, "Editing zone files"). The `yaml` package is used there and, ' +
        "to read only, by the files listed (another tool's YAML or JSON read with positions: comments of imported files, JSON, a " +
        'drift baseline, an existing zonectl.yaml); scripts/arch-text-rules.mjs checks that they import none of the ' +
        "package's writing API (rule `yaml-read-only-outside-the-editor`).",
      from: {
        path: '^src/',
        pathNot: [
          '^src/core/yaml-edit/',
          '^src/core/migrate/repo-config-out[.]ts$',
          '^src/core/migrate/comments/yaml-comments[.]ts$',
          '^src/app/migrate/read-json[.]ts$',
          '^src/core/drift/baseline[.]ts$',
        ],
      },
      to: { path: '(^|/)node_modules/yaml/' },
    },
    {
      name: 'simple-yaml-behind-parse-yaml',
      severity: 'error',
      comment:
        'Zone files have one YAML reader, parseYaml (src/core/yaml/parse-yaml.ts, js-yaml): src/core/yaml/simple-yaml.ts is ' +
        'a fast path inside it for plain YAML (the same values and positions, or no answer), fenced because it measured ' +
        'half of js-yaml\'s cost on a team zone (docs/architecture.md, "One YAML reader", which says when it goes). ' +
        'Only parse-yaml.ts calls it; its text helpers (simple-yaml-text.ts) serve it alone.',
      from: { path: '^src/', pathNot: '^src/core/yaml/(parse-yaml|simple-yaml)[.]ts$' },
      to: { path: '^src/core/yaml/simple-yaml(-text)?[.]ts$' },
    },
    {
      name: 'commands-import-no-commands',
      severity: 'error',
      comment:
        'src/cli/commands/ holds one file per command; what several commands share lives beside it in src/cli ' +
        '(options.ts, many-zone-flags.ts, definition/, views/, output/) or in src/app, never in another command.',
      from: { path: '^src/cli/commands/' },
      to: { path: '^src/cli/commands/' },
    },
    {
      name: 'sessions-know-no-cli',
      severity: 'error',
      comment:
        'A verb reaches its user only through its session\'s output interface (docs/architecture.md, "The shape of a verb"): ' +
        'src/app (and what it builds on) never imports the CLI, its output choke point or its renderers. ' +
        'scripts/arch-text-rules.mjs checks the rest: no process.stdout, process.stderr or console in src/app.',
      from: { path: '^src/(app|api|core)/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'commands-hold-no-orchestration',
      severity: 'error',
      comment:
        'A command is its definition (src/cli/definition/define-command.ts): it parses flags, runs its app session, ' +
        'renders the events and maps the result to an exit code. It imports only app folders through their index, ' +
        'its view (src/cli/views/), the output choke point, the definition helper and the shared flags; never ' +
        'the API, core or the inside of an app folder. The emulator command starts src/emulator, not a verb of zonectl.',
      from: { path: '^src/cli/commands/', pathNot: '^src/cli/commands/emulator[.]ts$' },
      to: {
        path: '^src/',
        pathNot:
          '^src/(app/[^/]+/index[.]ts$|cli/(definition|views|output|completion)/|cli/(options|many-zone-flags|global-flags|version|heap-growth)[.]ts$|core/errors[.]ts$)',
      },
    },
    {
      name: 'commands-do-no-io',
      severity: 'error',
      comment: "Files, network and processes are the sessions' (src/app) and the renderers'; a command only parses and maps.",
      from: { path: '^src/cli/commands/', pathNot: '^src/cli/commands/emulator[.]ts$' },
      to: {
        dependencyTypes: ['core'],
        path: '^(fs|fs/promises|net|http|https|http2|dgram|dns|child_process|worker_threads|cluster|os|readline|readline/promises|tty)$',
      },
    },
    {
      name: 'views-run-no-session',
      severity: 'error',
      comment: 'src/cli/views/ shows what a session tells (its events and result): it never calls the API or reads zone files itself.',
      from: { path: '^src/cli/views/' },
      to: { path: ['^src/api/(client|execute|live|paging)[.]ts$', '^src/app/connect/'] },
    },
    {
      name: 'command-shows-through-its-own-view',
      severity: 'error',
      comment:
        'The verb contract (docs/architecture.md, "The shape of a verb"): src/cli/commands/<verb>.ts shows its session ' +
        'through its own view, src/cli/views/<verb>.ts (and the parts in src/cli/views/<verb>/), never through ' +
        "another verb's; what several views share (the report of plan and drift) is reached through the verb's view.",
      from: { path: '^src/cli/commands/([^/]+)[.]ts$' },
      to: { path: '^src/cli/views/', pathNot: '^src/cli/views/$1([.]ts$|/)' },
    },
    {
      name: 'views-know-no-commands',
      severity: 'error',
      comment:
        "A view shows events and results; the flags, their checks and the exit codes are the definition's " +
        '(src/cli/commands/, src/cli/definition/). A view never imports a command or the program.',
      from: { path: '^src/cli/views/' },
      to: { path: '^src/cli/(commands/|definition/|program[.]ts$|main[.]ts$|many-zone-flags[.]ts$|options[.]ts$)' },
    },
    {
      name: 'cli-reaches-app-folders-through-their-index',
      severity: 'error',
      comment:
        'A folder of src/app (one verb, e.g. src/app/apply/) is reached from the CLI through its index.ts, its ' +
        'public module: the CLI renders and passes flags in, the folder keeps its choreography to itself.',
      from: { path: '^src/cli/' },
      to: { path: '^src/app/[^/]+/', pathNot: '^src/app/[^/]+/index\\.ts$' },
    },
    {
      name: 'app-folders-through-their-index',
      severity: 'error',
      comment:
        'A folder of src/app (a verb, the engine, files, output, session, connect...) reaches another only through its ' +
        'index.ts, its public module (docs/architecture.md, "The engine"): what a folder keeps off its index is its own, ' +
        'so it can change shape without its users, and no folder leans on the inside of another.',
      from: { path: '^src/app/([^/]+)/' },
      to: { path: '^src/app/[^/]+/', pathNot: ['^src/app/$1/', '^src/app/[^/]+/index[.]ts$'] },
    },
    {
      name: 'engine-through-its-index',
      severity: 'error',
      comment:
        'src/app/engine is the one engine plan, drift, apply and export share (zone runs, outcomes, clients per account, ' +
        'permissions, saved plans): nothing outside it imports a file of it but its index.ts, which names each thing it ' +
        'stands by (docs/architecture.md, "The engine").',
      from: { path: '^src/', pathNot: '^src/app/engine/' },
      to: { path: '^src/app/engine/', pathNot: '^src/app/engine/index[.]ts$' },
    },
    {
      name: 'engine-knows-no-verb',
      severity: 'error',
      comment:
        'The engine is what the verbs build on, never the other way: it imports the shared app folders (connect, files, ' +
        "output, session) through their index, and no verb's folder (plan, drift, apply, export...).",
      from: { path: '^src/app/engine/' },
      to: { path: '^src/app/', pathNot: '^src/app/(engine/|(connect|files|output|session)/index[.]ts$)' },
    },
    {
      name: 'connect-builds-on-no-app-folder',
      severity: 'error',
      comment:
        'src/app/connect makes one client of the API (its base URL, deadline and rate budget) and imports no other folder ' +
        'of src/app: the engine builds on it (clients per account), never the other way, so the old connect<->plan loop ' +
        'cannot come back.',
      from: { path: '^src/app/connect/' },
      to: { path: '^src/app/', pathNot: '^src/app/connect/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make layers meaningless.',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypes: ['local', 'import', 'type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
