// Package typescript is tscg's TypeScript frontend: it compiles the
// declaration subset of .ts and .d.ts files into the IR.
//
// Load runs each file through esbuild's TypeScript transform, so a
// syntax error anywhere (even in a function body tscg never reads) is
// reported with esbuild's position and wording; the one exception is a
// file tscg's own parse reads in full without an error (only imports,
// export lists, interfaces and type aliases, every token checked, nothing
// skipped): that parse is its syntax check, esbuild accepts every such
// file (TestSyntaxFastPath, FuzzSyntaxFastPath), and esbuild, which parses
// its own JavaScript runtime once per process before any file, is not
// started. A hand-written lexer and parser read the declarations:
// interfaces, type aliases, enums, classes (as the object type of their
// public data members), namespaces (members named by their dotted path,
// NS.T), imports and exports, and exported functions. Statements tscg
// does not read are skipped by balancing brackets; the lexer knows strings, template
// literals with nested substitutions, regular expressions and comments.
//
// Tools are declared three ways:
//   - the TSCG article's form: an interface (or object type alias) with
//     `name: 'literal'`, `parameters: {…}`, and optionally
//     `description: 'literal'` and `result: T`;
//   - an exported function: a single object-typed parameter is the
//     parameters object, otherwise each parameter is a property;
//     Promise<R> results are unwrapped and void means no result;
//   - a type alias or interface tagged @tool: the type is the parameters
//     object, named by @name or the type name in snake_case.
//
// Tools are read from the files given to Load only; files reached through
// imports contribute types. Every exported function of a given file is a
// tool. Named types are every exported type of the given files plus the
// named types they reference; a generic type is listed only when all its
// parameters have defaults.
//
// zod schemas are read statically, never by running node: a constant
// whose initializer is a zod expression (`export const User =
// z.object({…})`) is a named type under the constant's name, with the
// schema zod's own converter gives for input (z.toJSONSchema(s, {io:
// "input"}) for zod 4, zod-to-json-schema for zod 3; plain "zod" means
// the version the nearest package.json depends on). Constants are found
// by name across relative imports, z.lazy recursion goes through a named
// type, and z.infer<typeof X> is X's schema. Refinements and transforms
// keep the input schema with a warning; any other construct is an error
// at its position naming it.
//
// A project's own converter that walks zod 3's internals (`s._def.typeName
// === "ZodString"`, `_def.innerType`, `_def.schema`, `_def.type`,
// `_def.shape()`, `_def.values`, `_def.value`, `_def.options`,
// `_def.description`, `s.description`, `s.isOptional()`) reads what zod 3
// holds for that schema (zoddef.go): every schema keeps zod's object
// chain (one object per .optional(), .nullable(), .default(),
// .transform(), .refine(), .brand(), .catch(), .readonly(), .pipe()),
// with each object's own description as zod 3 copies it or not. Other
// _def properties (checks, defaultValue, effect, errorMap, coerce, …),
// zod 4's `_def`/`_zod`, and .isOptional() where a refinement or
// preprocess would see undefined are unknown: an error where a tool
// needs them, naming the read.
//
// One evaluator reads every value tscg needs from code: zod schemas,
// JSON literals and registration calls (eval.go, interp.go,
// interpstmt.go, builtins_data.go). It reads literals, object and array
// literals with spreads, constants and imports (re-exports, barrels,
// `export default <expr>`, `import * as ns`), property and element
// access, as/satisfies/as const, template literals and + over
// constants, ||, ??, &&, ?: and ! over known values, and calls of the
// project's functions applied with their arguments bound (12 deep,
// memoised), running the statements of their bodies that bind names,
// assign them, push, return, or branch on a known condition. A
// registration call is read once per scope it runs in (binders.go): per
// element of the for…of loop or forEach/map callback around it, per
// call of its enclosing function found in the project; a method of a
// class called as `new X(…).m(…)` reads `this` as X's constructor set it
// (`this.k = v`, parameter properties), and a file the roots import
// registers tools only in functions such a call reaches (a LangChain or
// Agents tool() at a module's top level is made by importing it). An
// `if (…) {…} else {…}` block whose condition is known not to hold is not
// entered, and a function called only from such blocks is not run; a
// block whose condition only the run decides is entered with a warning.
// A closure is read with the run of its enclosing function that calls
// it; calls through `import * as ns` count. One call registering a name
// twice on one server is an error at both places (McpServer throws).
// `process.env.X || d`, `?? d` and `process.env.X === "v"` read as the
// value when X is unset, with a warning at the variable. Enums are the
// objects they compile to (Object.keys, E[E.X]), also those a package
// declares in node_modules; Number, String, Boolean, isNaN and
// JSON.stringify run on constants; `await import("./x.json")` of a
// project file is its data. Anything else is
// an opaque value that says what it was and where: an error where a
// tool's name or schema needs it, a placeholder <expr> with a warning
// in a title or description. A step budget (20000 per load) ends
// evaluation with a positioned warning.
//
// The MCP listing (providers/mcp.tools-list.json) is the TypeScript
// SDK's for the version the project declares (its lockfile:
// package-lock.json, bun.lock, yarn.lock or the workspace's
// pnpm-lock.yaml; else package.json's range; modelled: 1.x, and v2's
// @modelcontextprotocol/server where it agrees): title and
// annotations.title each only where given, execution {"taskSupport":
// "forbidden"} from 1.24.0 on (registerToolTask: required, or its
// execution), zod constants written in place (z.toJSONSchema's reused:
// "inline"; zod 3's path $refs are not modelled), a zod 4 constant that
// recurs written once as $defs/__schemaN with a $ref at each use (v2:
// draft 2020-12; 1.x: draft-07 "definitions", a use that is a schema of
// its own — C.optional(), C.describe(), z.lazy(() => C) — as allOf:
// [{$ref}]), "properties": {} for
// z.object({}), server.tool's empty shape {} as zod 4 from 1.23.0 on
// (the SDK's objectFromShape), and zod 3 unions of literals as one enum
// (zod-to-json-schema). A JSON Schema literal's "properties": {} is
// listed as written. A tools/list handler wrapped by middleware calls
// (mw.wrap("ListTools", timed(async () => …))) is read as the innermost
// function among the calls' arguments.
//
// Options.Select says what the caller needs (schema --type X, build's
// tools): errors only in declarations or tools it does not reach become
// warnings, and those are left out (selection.go). A declaration the
// parser cannot read keeps its name and reports the parse error where it
// is used.
//
// Descriptions come from JSDoc comments (tags removed, paragraphs kept).
// A property without a JSDoc comment takes a same-line trailing `//`
// comment as its description (`query: string; // search keywords`), the
// style of the TSCG article.
//
// Positions are 1-based lines and byte columns, as esbuild and the Go
// toolchain count them.
package typescript
