// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Fits TokenEstimator's feature weights to the golden counts (development aid, not run by tests).
//
//   bench_tokens --features ../../data/tokens/corpus.jsonl /tmp/features.tsv
//   node fit.mjs /tmp/features.tsv
//
// Minimises the squared relative error Σ((w·f − gold)/gold)² with non-negative weights over the
// even ids only (the odd ids are held out), then prints the weights and the per-class error
// statistics of both halves. Weights of features the corpus barely contains stay fixed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [header, ...rows] = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => l.split('\t'));
const names = header.slice(2);
const golden = new Map(readFileSync(join(here, '../../data/tokens/golden.jsonl'), 'utf8').trim().split('\n')
  .map((l) => JSON.parse(l)).map((g) => [g.id, g]));
const samples = rows.map((r) => ({ id: +r[0], cls: r[1], f: r.slice(2).map(Number) }));
const fixed = {
  o200k: { HanRareCl100k: 0, KanaHangul: 0.5, LatinExtended: 0.5, OtherLetters: 0.5, Symbols: 1.5, Astral: 1.5 },
  cl100k: { HanRareO200k: 0, KanaHangul: 0.8, LatinExtended: 0.5, OtherLetters: 0.9, Symbols: 2.0, Astral: 2.5 },
};
// Slightly above 1 pushes the fit towards over-estimating, which is the safe side for budgets.
const target = Number(process.env.FIT_TARGET ?? 1.0);
// Must match TokenEstimator::estimateText.
// Discounts on top of another feature may go negative (a symbol merging into the next word).
const discounts = new Set(['SymbolsBeforeWord']);

const roundEstimate = Math.ceil;

function fit(enc) {
  const n = names.length;
  const H = [...Array(n)].map(() => new Float64Array(n));
  const b = new Float64Array(n);
  const w = new Float64Array(n).fill(0.5);
  const isFixed = names.map((name) => name in fixed[enc]);
  names.forEach((name, k) => { if (isFixed[k]) w[k] = fixed[enc][name]; });
  for (const s of samples) {
    if (s.id % 2 !== 0) continue;
    const g = golden.get(s.id)[enc] * target;
    let fixedPart = 0;
    s.f.forEach((v, k) => { if (isFixed[k]) fixedPart += w[k] * v; });
    for (let i = 0; i < n; i++) {
      if (isFixed[i]) continue;
      b[i] += (s.f[i] * (g - fixedPart)) / (g * g);
      for (let j = 0; j < n; j++) if (!isFixed[j]) H[i][j] += (s.f[i] * s.f[j]) / (g * g);
    }
  }
  for (let iter = 0; iter < 20000; iter++) {
    for (let k = 0; k < n; k++) {
      if (isFixed[k] || H[k][k] === 0) continue;
      let grad = -b[k];
      for (let j = 0; j < n; j++) if (!isFixed[j]) grad += H[k][j] * w[j];
      w[k] = w[k] - grad / H[k][k];
      if (!discounts.has(names[k])) w[k] = Math.max(0, w[k]);
    }
  }
  return [...w].map((x) => Math.round(x * 1000) / 1000);
}

const quantile = (xs, q) => { const s = [...xs].sort((a, b) => a - b); const p = (s.length - 1) * q; const lo = Math.floor(p); return s[lo] + (s[Math.ceil(p)] - s[lo]) * (p - lo); };
for (const enc of ['o200k', 'cl100k']) {
  const w = fit(enc);
  console.log(`\n${enc} weights:`);
  names.forEach((name, k) => console.log(`  ${name.padEnd(14)} ${w[k]}`));
  const classes = [...new Set(samples.map((s) => s.cls))];
  console.log(`  ${'class'.padEnd(16)} half  median    p95|err|   p5`);
  for (const cls of classes) {
    for (const half of [0, 1]) {
      const errs = samples.filter((s) => s.cls === cls && s.id % 2 === half).map((s) => {
        const est = Math.max(1, roundEstimate(s.f.reduce((acc, v, k) => acc + v * w[k], 0)));
        const g = golden.get(s.id)[enc];
        return (est - g) / g;
      });
      const fmt = (x) => (x * 100).toFixed(1).padStart(7) + '%';
      console.log(`  ${cls.padEnd(16)} ${half ? 'odd ' : 'even'} ${fmt(quantile(errs, 0.5))} ${fmt(quantile(errs.map(Math.abs), 0.95))} ${fmt(quantile(errs, 0.05))}`);
    }
  }
}
