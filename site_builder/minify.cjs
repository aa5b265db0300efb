// The build's JavaScript minifier (site_builder/assets.py, `minify_scripts`): reads a JSON
// array of [name, script] pairs on standard input and writes the JSON array of the scripts
// minified by terser, names local to a function shortened. A script that does not parse
// stops it with {name, line, message} on standard error.
"use strict";

function stop(name, line, message) {
  process.stderr.write(JSON.stringify({ name, line, message }));
  process.exit(1);
}

const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", async () => {
  const scripts = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  let minify;
  try {
    ({ minify } = require("terser"));
  } catch {
    stop(scripts[0][0], null, "terser is not installed: run `make node_modules/.installed`");
  }
  const out = [];
  for (const [name, source] of scripts) {
    try {
      const result = await minify(source, { ecma: 2022, format: { comments: false } });
      out.push(result.code);
    } catch (error) {
      stop(name, error.line, error.message);
    }
  }
  process.stdout.write(JSON.stringify(out));
});
