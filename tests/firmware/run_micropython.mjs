// Runs Python code under MicroPython (the WebAssembly port from npm) for the firmware tests.
// Usage: node run_micropython.mjs MICROPYTHON_MJS DIR CODE
// Every file in DIR is copied to /run on MicroPython's file system, CODE runs with /run on
// sys.path, and every file CODE wrote to /run is copied back into DIR. Exit 1 if CODE raised.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [mjs, dir, code] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(mjs).href);
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.FS.mkdir("/run");
const before = new Set(readdirSync(dir));
for (const name of before) mp.FS.writeFile("/run/" + name, readFileSync(join(dir, name)));
try {
  mp.runPython("import sys\nsys.path.insert(0, '/run')\n" + code);
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
for (const name of mp.FS.readdir("/run")) {
  if (name !== "." && name !== ".." && !before.has(name)) {
    writeFileSync(join(dir, name), mp.FS.readFile("/run/" + name));
  }
}
