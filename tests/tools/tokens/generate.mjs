// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Writes tests/data/tokens/golden.jsonl: the o200k_base and cl100k_base token counts of every text
// in corpus.jsonl, computed with the reference tokenizers of the `gpt-tokenizer` package (offline).
//
//   npm ci && node generate.mjs [corpus] [output]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = process.argv[2] ?? join(here, '../../data/tokens/corpus.jsonl');
const output = process.argv[3] ?? join(here, '../../data/tokens/golden.jsonl');
const version = JSON.parse(readFileSync(join(here, 'node_modules/gpt-tokenizer/package.json'), 'utf8')).version;

// Special-token strings are not expected in the corpus; if one appears, count it as plain text.
const options = { disallowedSpecial: new Set() };
const lines = [];
for (const line of readFileSync(corpus, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const { id, text } = JSON.parse(line);
  lines.push(JSON.stringify({ id, o200k: encodeO200k(text, options).length, cl100k: encodeCl100k(text, options).length }));
}
writeFileSync(output, lines.join('\n') + '\n');
console.log(`wrote ${lines.length} counts to ${output} (gpt-tokenizer ${version})`);
