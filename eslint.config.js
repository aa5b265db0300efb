// ESLint for the browser code and the JavaScript rules: the recommended rules, each file with
// the globals of where it runs.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  js.configs.recommended,
  {
    files: ["site_builder/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.browser },
  },
  {
    // The rules run in a page, in a Web Worker and under Node (module.exports when present).
    files: ["engine-js/rules.js", "engine-js/bot-worker.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, ...globals.worker, module: "readonly" },
    },
  },
  {
    // The bots and code.js load the rules with require under Node, from globalThis.TuteRules elsewhere.
    files: ["engine-js/bots.js", "engine-js/code.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, ...globals.worker, module: "readonly", require: "readonly" },
    },
  },
  {
    files: [
      "engine-js/cli.js",
      "site_builder/minify.cjs",
      "engine-js/bot-cli.js",
      "tests/engine_js/**/*.js",
      "benchmarks/engine-js.js",
      "benchmarks/bots.js",
    ],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: globals.node },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
