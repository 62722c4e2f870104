// Every package in package-lock.json must accept every Node (and npm) version that package.json's
// `engines` promises: otherwise `npm ci` prints EBADENGINE on some of the versions we claim to support
// (cookie@2 and content-disposition@3 wanted Node >= 22 while we said 20.19+). Reads the lock only —
// no install, no network — so it is cheap enough for every `npm test`.
//   node scripts/check-engines.mjs [package.json] [package-lock.json]
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import semver from 'semver';

const [pkgPath = 'package.json', lockPath = 'package-lock.json'] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const ours = pkg.engines ?? {};
const problems = [];

if (!ours.node || !semver.validRange(ours.node)) {
  problems.push(`package.json: engines.node must be a semver range (found ${JSON.stringify(ours.node)})`);
}

const current = {
  node: process.versions.node,
  npm: (() => {
    try { return execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(); } catch { return undefined; }
  })(),
};
for (const engine of ['node', 'npm']) {
  if (ours[engine] && current[engine] && !semver.satisfies(current[engine], ours[engine])) {
    problems.push(`this machine's ${engine} ${current[engine]} is outside package.json's engines.${engine} "${ours[engine]}"`);
  }
}

let checked = 0;
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (where === '' || !entry.engines || typeof entry.engines !== 'object' || Array.isArray(entry.engines)) continue;
  const name = entry.name ?? where.replace(/^.*node_modules\//, '');
  for (const engine of ['node', 'npm']) {
    const theirs = entry.engines[engine];
    if (!ours[engine] || typeof theirs !== 'string') continue;
    checked++;
    if (!semver.validRange(theirs)) {
      problems.push(`${name}@${entry.version} (${where}): unreadable engines.${engine} "${theirs}"`);
    } else if (!semver.subset(ours[engine], theirs)) {
      problems.push(`${name}@${entry.version} (${where}) wants ${engine} "${theirs}", package.json promises "${ours[engine]}"`);
    }
  }
}

if (problems.length) {
  console.error(`[check-engines] ${problems.length} engine problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  console.error('Either state the narrower range in package.json "engines" (and the README), or pin a release of the');
  console.error('parent package (or an "overrides" entry) whose engines accept every version promised.');
  process.exit(1);
}
console.log(`[check-engines] ${checked} engine ranges in ${lockPath} accept node "${ours.node}"${ours.npm ? ` and npm "${ours.npm}"` : ''}.`);
