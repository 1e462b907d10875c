// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Writes tests/data/tokens/corpus.jsonl: Skein's own token-estimation corpus.
//
// Every text is generated here from vocabularies and templates written for Skein (plus a few
// hand-written samples at the end); no third-party text is copied. The generator is seeded, so
// running it again reproduces the same corpus byte for byte.
//
//   node make-corpus.mjs [output]      (default: ../../data/tokens/corpus.jsonl)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const output = process.argv[2] ?? join(here, '../../data/tokens/corpus.jsonl');
const perClass = 44;

// mulberry32: small, deterministic, good enough for picking words.
let seed = 0x5ce1a;
function rnd() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = (list) => list[Math.floor(rnd() * list.length)];
const chance = (p) => rnd() < p;
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// Target lengths spread log-uniformly from 10 characters to about 6 KB.
const targetLength = (i) => {
  const fixed = [10, 14, 20, 32];
  if (i < fixed.length) return fixed[i];
  return Math.round(Math.exp(Math.log(40) + rnd() * (Math.log(6500) - Math.log(40))));
};
function grow(target, unit, joiner = '') {
  let text = '';
  while (text.length < target) text += (text ? joiner : '') + unit();
  return text;
}
const clip = (text, target) => (text.length > target * 1.15 ? text.slice(0, target) : text);

// ---------------------------------------------------------------- English
const en = {
  subjects: ['the team', 'our library', 'a careful reader', 'the new scheduler', 'every client', 'the old parser',
    'my neighbour', 'the committee', 'a small bakery', 'the river town', 'this release', 'the night shift',
    'her grandmother', 'the weather service', 'each volunteer', 'the museum', 'a tired engineer', 'the garden club',
    'the railway company', 'our accountant', 'the local council', 'a curious student', 'the support desk',
    'the orchestra', 'the harbour master', 'an independent auditor', 'the cooking school', 'the photographer'],
  verbs: ['noticed', 'rebuilt', 'measured', 'postponed', 'described', 'questioned', 'simplified', 'recommended',
    'celebrated', 'discovered', 'translated', 'documented', 'rearranged', 'compared', 'abandoned', 'finished',
    'repaired', 'announced', 'estimated', 'misunderstood', 'reorganised', 'investigated', 'negotiated', 'ignored',
    'welcomed', 'reconsidered', 'published', 'replaced', 'borrowed', 'painted'],
  objects: ['the quarterly report', 'a surprisingly long list of exceptions', 'the broken fence', 'its configuration',
    'the spring festival', 'several unreliable measurements', 'the budget', 'an unusual pattern', 'the harvest',
    'three competing proposals', 'the accessibility guidelines', 'the migration plan', 'a handwritten letter',
    'the performance regression', 'an internationalization problem', 'the opening hours', 'the delivery route',
    'the recipe for plum cake', 'a misleading chart', 'the responsibilities of each role', 'the timetable',
    'an abandoned lighthouse', 'the warranty conditions', 'the onboarding checklist', 'the map of the valley'],
  tails: ['before the deadline', 'after a long discussion', 'without telling anyone', 'in less than an hour',
    'during the storm', 'for the third time this year', 'with remarkable patience', 'at the end of the meeting',
    'because nobody else would', 'despite the noise outside', 'on a quiet Sunday morning', 'as expected',
    'although the evidence was thin', 'while the kettle boiled', 'to everyone\'s relief', 'in October',
    'with help from two interns', 'under considerable pressure', 'once the rain stopped', 'by accident'],
  openers: ['However,', 'Meanwhile,', 'In practice,', 'Surprisingly,', 'As a result,', 'Later that week,',
    'To be fair,', 'Honestly,', 'For example,', 'In the end,', 'Nevertheless,', 'At first,', 'Fortunately,'],
  names: ['Alice', 'Marcus', 'Priya', 'Tomasz', 'Elena', 'Kwame', 'Sofia', 'Hiroshi', 'Fatima', 'Lucas', 'Ingrid',
    'Mateo', 'Olga', 'Samuel', 'Yusuf', 'Chloe'],
  adjectives: ['quiet', 'complicated', 'reliable', 'expensive', 'obvious', 'fragile', 'generous', 'temporary',
    'remarkable', 'inconsistent', 'straightforward', 'comfortable', 'unpredictable', 'ordinary', 'thorough'],
};
function enSentence() {
  const n = rnd();
  if (n < 0.35) return `${cap(pick(en.subjects))} ${pick(en.verbs)} ${pick(en.objects)} ${pick(en.tails)}.`;
  if (n < 0.5) return `${pick(en.openers)} ${pick(en.subjects)} ${pick(en.verbs)} ${pick(en.objects)}.`;
  if (n < 0.62)
    return `${pick(en.names)} said the plan was ${pick(en.adjectives)}, but ${pick(en.subjects)} ${pick(en.verbs)} it anyway.`;
  if (n < 0.72)
    return `On ${int(1, 28)} ${pick(['March', 'June', 'September', 'December'])} ${int(1990, 2026)}, ${pick(en.subjects)} ${pick(en.verbs)} ${int(2, 950)} items, roughly ${int(3, 97)}% of the total.`;
  if (n < 0.8) return `"Is it really ${pick(en.adjectives)}?" asked ${pick(en.names)}. "I think so," replied ${pick(en.names)}.`;
  if (n < 0.88)
    return `The cost rose from $${int(10, 999)}.${int(10, 99)} to $${int(1000, 99999).toLocaleString('en-US')} (see page ${int(2, 300)}).`;
  return `It was ${pick(en.adjectives)} and ${pick(en.adjectives)}; ${pick(en.subjects)} ${pick(en.verbs)} ${pick(en.objects)} ${pick(en.tails)}.`;
}
function enParagraph() {
  return grow(int(120, 700), enSentence, ' ');
}
function english(target) {
  return clip(grow(target, enParagraph, '\n\n'), target);
}

// ---------------------------------------------------------------- Chinese
const zh = {
  subjects: ['我们团队', '这家小店', '老师', '他的父亲', '新来的同事', '城市规划部门', '图书馆', '那位医生', '研究小组',
    '邻居家的孩子', '公司管理层', '志愿者们', '这个项目', '当地政府', '学生会', '我的朋友', '工程师们', '博物馆',
    '农业合作社', '客服中心', '出版社', '气象台', '社区居民', '考古队'],
  verbs: ['讨论了', '重新设计了', '仔细检查了', '推迟了', '发现了', '整理了', '改进了', '记录了', '比较了', '放弃了',
    '完成了', '修复了', '宣布了', '估算了', '误解了', '调查了', '翻译了', '简化了', '组织了', '评估了'],
  objects: ['年度预算', '一份很长的报告', '旧的火车站', '学校的课程安排', '春节的活动计划', '几组不太可靠的数据',
    '用户反馈', '河边的步道', '新的管理制度', '三种不同的方案', '产品说明书', '社区的绿化工作', '一封手写的信',
    '系统的性能问题', '图书的分类方法', '交通路线', '传统节日的习俗', '厨房的卫生标准', '员工培训材料',
    '山区的供水问题', '地方志的资料'],
  tails: ['在截止日期之前', '经过很长时间的讨论', '在下雨的周末', '只用了不到一个小时', '在大家的帮助下',
    '尽管遇到了不少困难', '在会议结束的时候', '按照原来的计划', '为了让更多人受益', '在秋天到来之前',
    '出乎所有人的意料', '一步一步地', '在老师的指导下', '从去年开始'],
  openers: ['不过，', '与此同时，', '实际上，', '令人意外的是，', '因此，', '第二天，', '说实话，', '例如，', '最后，',
    '一开始，', '幸运的是，', '总的来说，'],
  adjectives: ['安静', '复杂', '可靠', '昂贵', '明显', '脆弱', '慷慨', '临时', '了不起', '普通', '细致', '热闹', '简单'],
  places: ['北京', '成都', '杭州', '西安', '广州', '青岛', '昆明', '苏州', '长沙', '大连'],
};
function zhSentence() {
  const n = rnd();
  if (n < 0.35) return `${pick(zh.subjects)}${pick(zh.tails)}${pick(zh.verbs)}${pick(zh.objects)}。`;
  if (n < 0.5) return `${pick(zh.openers)}${pick(zh.subjects)}${pick(zh.verbs)}${pick(zh.objects)}。`;
  if (n < 0.62)
    return `${pick(zh.subjects)}觉得这件事很${pick(zh.adjectives)}，但是${pick(zh.subjects)}还是${pick(zh.verbs)}${pick(zh.objects)}。`;
  if (n < 0.72)
    return `${int(1990, 2026)}年${int(1, 12)}月${int(1, 28)}日，${pick(zh.places)}的${pick(zh.subjects)}${pick(zh.verbs)}${int(2, 900)}份${pick(zh.objects)}，约占总数的${int(3, 97)}%。`;
  if (n < 0.82) return `“这真的${pick(zh.adjectives)}吗？”${pick(zh.subjects)}问道。“我想是的。”`;
  if (n < 0.9) return `${pick(zh.places)}、${pick(zh.places)}和${pick(zh.places)}的${pick(zh.subjects)}都${pick(zh.verbs)}${pick(zh.objects)}；结果非常${pick(zh.adjectives)}。`;
  return `（${pick(zh.openers).replace('，', '')}）${pick(zh.subjects)}${pick(zh.verbs)}${pick(zh.objects)}！`;
}
function zhParagraph() {
  return grow(int(60, 300), zhSentence);
}
function chinese(target) {
  return clip(grow(target, zhParagraph, '\n\n'), target);
}

// ---------------------------------------------------------------- Mixed Chinese / English
const tech = ['API', 'Docker', 'Python', 'React', 'token', 'pull request', 'commit', 'Kubernetes', 'JSON', 'SQLite',
  'GitHub Actions', 'CI', 'WebSocket', 'Redis', 'TypeScript', 'Linux', 'CPU', 'GPU', 'LLM', 'prompt', 'cache', 'Qt',
  'CMake', 'HTTP 429', 'OAuth', 'README', 'Nginx', 'PostgreSQL', 'macOS', 'Rust'];
const zhTech = ['部署', '调试', '配置', '升级', '测试', '回滚', '优化', '迁移', '监控', '重构'];
function mixedSentence() {
  const n = rnd();
  if (n < 0.3) return `我们把${pick(tech)}${pick(zhTech)}到了 ${int(1, 9)}.${int(0, 20)}.${int(0, 9)} 版本，${pick(zh.tails)}${pick(zh.verbs)}${pick(zh.objects)}。`;
  if (n < 0.5) return `${pick(zh.openers)}如果 ${pick(tech)} 返回 \`${pick(['null', 'undefined', '404', 'timeout', 'NaN'])}\`，就需要先检查 ${pick(tech)} 的${pick(['日志', '配置文件', '环境变量', '权限'])}。`;
  if (n < 0.65) return `${pick(en.names)} 说：“这个 ${pick(tech)} 的问题很${pick(zh.adjectives)}，please take a look when you have time.”`;
  if (n < 0.78) return `在 ${pick(zh.places)} 的 meetup 上，${pick(zh.subjects)}介绍了 ${pick(tech)} 和 ${pick(tech)} 的${pick(zhTech)}经验（大约 ${int(20, 400)} ms 的延迟）。`;
  if (n < 0.88) return `详情见 https://example.com/${pick(['docs', 'blog', 'issues'])}/${int(10, 9999)}，或者运行 \`${pick(['npm run build', 'cargo test', 'make -j4', 'pip install -e .', 'go vet ./...'])}\`。`;
  return `${cap(pick(en.subjects))} ${pick(en.verbs)} ${pick(en.objects)}，${pick(zh.subjects)}${pick(zh.verbs)}${pick(zh.objects)}。`;
}
function mixed(target) {
  return clip(grow(target, () => grow(int(80, 400), mixedSentence), '\n\n'), target);
}

// ---------------------------------------------------------------- identifiers for code
const parts = ['user', 'name', 'count', 'buffer', 'index', 'value', 'item', 'request', 'response', 'token', 'session',
  'message', 'cache', 'config', 'path', 'file', 'node', 'tree', 'queue', 'result', 'error', 'handler', 'state',
  'total', 'limit', 'offset', 'budget', 'window', 'parser', 'reader', 'writer', 'model', 'branch', 'summary', 'memory',
  'retry', 'delay', 'payload', 'header', 'record', 'entry', 'score', 'weight', 'timer', 'event', 'channel', 'stream'];
const verbsCode = ['get', 'set', 'load', 'save', 'parse', 'build', 'find', 'update', 'remove', 'compute', 'check',
  'create', 'read', 'write', 'flush', 'merge', 'split', 'apply', 'reset', 'collect'];
const camel = (n) => { const w = [pick(verbsCode)]; for (let i = 1; i < n; i++) w.push(cap(pick(parts))); return w.join(''); };
const snake = (n) => { const w = [pick(verbsCode)]; for (let i = 1; i < n; i++) w.push(pick(parts)); return w.join('_'); };
const pascal = (n) => { const w = []; for (let i = 0; i < n; i++) w.push(cap(pick(parts))); return w.join(''); };
const varName = () => (chance(0.5) ? pick(parts) : pick(parts) + cap(pick(parts)));
const varSnake = () => (chance(0.5) ? pick(parts) : pick(parts) + '_' + pick(parts));
const comment = () => (chance(0.85) ? enSentence().replace(/\.$/, '') : zhSentence().replace(/。$/, ''));
const literal = () => pick([String(int(0, 9)), String(int(10, 4096)), `${int(0, 99)}.${int(1, 99)}`, '0x' + int(16, 65535).toString(16)]);
const strLit = () => pick(['"ok"', '"not found"', `"${pick(parts)}"`, `"${pick(parts)}_${int(1, 99)}"`, '"%s: %d"', '""', `"${pick(en.adjectives)} ${pick(parts)}"`]);
function indentBlock(lines, unit, depth) {
  return lines.map((l) => (l === '' ? '' : unit.repeat(depth) + l)).join('\n');
}

function cppUnit(ind) {
  const fn = camel(int(1, 3)), cls = pascal(int(1, 2)), a = varName(), b = varName();
  const body = pick([
    [`if (${a} > ${literal()}) {`, `${ind}return ${b} * ${literal()};`, '}', `for (std::size_t i = 0; i < ${a}.size(); ++i) {`, `${ind}${b} += ${a}[i];`, '}', `return ${b};`],
    [`auto it = m_${a}.find(${b});`, 'if (it == m_' + a + '.end())', `${ind}return std::nullopt;`, `// ${comment()}`, 'return it->second;'],
    [`std::vector<${pick(['int', 'double', 'std::string', 'QString'])}> out;`, `out.reserve(${a}.size());`, `for (const auto &x : ${a})`, `${ind}out.push_back(${fn}(x));`, 'return out;'],
    [`std::lock_guard<std::mutex> lock(m_mutex);`, `++m_${a};`, `if (m_${a} % ${literal()} == 0)`, `${ind}std::cerr << ${strLit()} << m_${a} << '\\n';`],
  ]);
  if (chance(0.35))
    return `class ${cls} final {\npublic:\n${ind}explicit ${cls}(int ${a});\n${ind}[[nodiscard]] int ${fn}() const;\n\nprivate:\n${ind}int m_${a} = ${literal()};\n${ind}std::string m_${b};\n};\n`;
  return `${chance(0.4) ? `// ${comment()}\n` : ''}${pick(['int', 'auto', 'bool', 'double', 'std::size_t'])} ${cls}::${fn}(const std::vector<int> &${a}, int ${b})\n{\n${indentBlock(body, ind, 1)}\n}\n`;
}
function pyUnit(ind) {
  const fn = snake(int(1, 3)), a = varSnake(), b = varSnake();
  const body = pick([
    [`"""${comment()}."""`, `if ${a} is None:`, `${ind}return ${literal()}`, `total = sum(x * ${literal()} for x in ${a})`, `return total / max(len(${a}), 1)`],
    [`result = {}`, `for key, value in ${a}.items():`, `${ind}if value > ${b}:`, `${ind}${ind}result[key] = value`, `${ind}else:`, `${ind}${ind}log.debug(${strLit()}, key)`, 'return result'],
    [`try:`, `${ind}with open(${a}, "r", encoding="utf-8") as fh:`, `${ind}${ind}return json.load(fh)`, `except (OSError, ValueError) as exc:`, `${ind}raise ${pascal(2)}Error(f"cannot read {${a}}: {exc}") from exc`],
    [`# ${comment()}`, `${b} = [x for x in ${a} if x % ${int(2, 9)} == 0]`, `return sorted(${b}, reverse=${pick(['True', 'False'])})`],
  ]);
  if (chance(0.3))
    return `class ${pascal(2)}:\n${ind}def __init__(self, ${a}: int = ${literal()}) -> None:\n${ind}${ind}self.${a} = ${a}\n${ind}${ind}self.${b}: list[str] = []\n`;
  return `def ${fn}(${a}, ${b}=${literal()}):\n${indentBlock(body, ind, 1)}\n`;
}
function jsUnit(ind) {
  const fn = camel(int(1, 3)), a = varName(), b = varName();
  const body = pick([
    [`const ${b} = ${a}.filter((x) => x.${pick(parts)} > ${literal()});`, `return ${b}.map((x) => ({ ...x, ${pick(parts)}: x.${pick(parts)} * ${literal()} }));`],
    [`if (!${a}) {`, `${ind}throw new Error(${pick(["'missing value'", '`bad ${' + a + '}`', "'timeout'"])});`, '}', `const res = await fetch(\`/api/\${${a}}\`, { method: 'POST' });`, `return res.json();`],
    [`// ${comment()}`, `let ${b} = 0;`, `for (const item of ${a}) {`, `${ind}${b} += item.${pick(parts)} ?? 0;`, '}', `return ${b};`],
    [`const { ${pick(parts)}, ${pick(parts)} } = ${a};`, `console.log('${pick(parts)}', ${b});`, `return ${b} === undefined ? null : ${b};`],
  ]);
  if (chance(0.3))
    return `export class ${pascal(2)} {\n${ind}constructor(${a}) {\n${ind}${ind}this.${a} = ${a};\n${ind}${ind}this.${b} = new Map();\n${ind}}\n}\n`;
  return `${chance(0.5) ? 'export ' : ''}${chance(0.5) ? 'async ' : ''}function ${fn}(${a}, ${b} = ${literal()}) {\n${indentBlock(body, ind, 1)}\n}\n`;
}
function rustUnit(ind) {
  const fn = snake(int(1, 3)), a = varSnake(), b = varSnake(), ty = pascal(2);
  const body = pick([
    [`let mut ${b} = Vec::with_capacity(${a}.len());`, `for x in ${a}.iter() {`, `${ind}if *x > ${int(0, 500)} {`, `${ind}${ind}${b}.push(x * ${int(2, 9)});`, `${ind}}`, '}', `${b}`],
    [`match ${a}.get(&${b}) {`, `${ind}Some(v) => Ok(v.clone()),`, `${ind}None => Err(${ty}Error::NotFound(${b}.to_string())),`, '}'],
    [`// ${comment()}`, `let text = std::fs::read_to_string(${a})?;`, `let parsed: ${ty} = serde_json::from_str(&text)?;`, 'Ok(parsed)'],
    [`${a}.iter().map(|x| x.${pick(parts)}).filter(|v| *v != 0).sum::<u64>()`],
  ]);
  if (chance(0.3))
    return `#[derive(Debug, Clone, PartialEq)]\npub struct ${ty} {\n${ind}pub ${a}: u32,\n${ind}pub ${b}: Option<String>,\n}\n`;
  return `${chance(0.5) ? 'pub ' : ''}fn ${fn}(${a}: &[u64], ${b}: usize) -> Result<Vec<u64>, ${ty}Error> {\n${indentBlock(body, ind, 1)}\n}\n`;
}
function goUnit() {
  const ind = '\t';
  const fn = pascal(int(1, 3)), a = varName(), b = varName(), ty = pascal(2);
  const body = pick([
    [`if ${a} == nil {`, `${ind}return nil, errors.New(${strLit()})`, '}', `out := make([]int, 0, len(${a}))`, `for _, v := range ${a} {`, `${ind}out = append(out, v*${int(2, 9)})`, '}', 'return out, nil'],
    [`// ${comment()}`, `${b}, err := os.ReadFile(${a})`, 'if err != nil {', `${ind}return nil, fmt.Errorf("read %s: %w", ${a}, err)`, '}', `return ${b}, nil`],
    [`s.mu.Lock()`, 'defer s.mu.Unlock()', `s.${a}[${b}]++`, `return s.${a}[${b}], nil`],
  ]);
  if (chance(0.3))
    return `type ${ty} struct {\n${ind}${cap(a)} int    \`json:"${a}"\`\n${ind}${cap(b)} string \`json:"${b},omitempty"\`\n}\n`;
  return `func (s *${ty}) ${fn}(${a} []int, ${b} string) ([]int, error) {\n${indentBlock(body, ind, 1)}\n}\n`;
}
const codeUnits = { cpp: cppUnit, python: pyUnit, javascript: jsUnit, rust: rustUnit, go: goUnit };
const headers = {
  cpp: () => `#include <${pick(['vector', 'string', 'optional', 'mutex', 'iostream'])}>\n#include "${pick(parts)}.h"\n\nnamespace ${pick(parts)} {\n`,
  python: () => `import ${pick(['json', 'os', 'logging', 're'])}\nfrom typing import Any\n\nlog = logging.getLogger(__name__)\n`,
  javascript: () => `import { ${camel(2)} } from './${pick(parts)}.js';\n\n`,
  rust: () => `use std::collections::HashMap;\nuse crate::${pick(parts)}::${pascal(2)};\n`,
  go: () => `package ${pick(parts)}\n\nimport (\n\t"errors"\n\t"fmt"\n\t"os"\n)\n`,
};
function code(lang, target) {
  const ind = lang === 'go' ? '\t' : pick(lang === 'javascript' ? ['  ', '  ', '    '] : ['    ', '    ', '  ']);
  if (target < 40) return clip(codeUnits[lang](ind).split('\n').find((l) => l.trim().length > 6) ?? 'x = 1', target);
  let text = target > 400 ? headers[lang]() + '\n' : '';
  while (text.length < target) text += codeUnits[lang](ind) + '\n';
  return clip(text, target);
}

// ---------------------------------------------------------------- JSON
function jsonValue(depth) {
  const n = rnd();
  if (depth > 2 || n < 0.45) {
    return pick([
      () => int(0, 100000), () => Math.round(rnd() * 10000) / 100, () => chance(0.5), () => null,
      () => pick(parts), () => `${pick(en.adjectives)} ${pick(parts)}`, () => enSentence(),
      () => `2026-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}T${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}:00Z`,
      () => (chance(0.5) ? zhSentence() : pick(zh.objects)),
      () => `${pick(parts)}_${int(1000, 99999)}`,
      () => [...Array(8)].map(() => int(0, 15).toString(16)).join('') + '-' + [...Array(4)].map(() => int(0, 15).toString(16)).join(''),
    ])();
  }
  if (n < 0.7) return [...Array(int(1, 6))].map(() => jsonValue(depth + 1));
  return jsonObject(depth + 1, int(1, 6));
}
function jsonObject(depth, keys) {
  const o = {};
  for (let i = 0; i < keys; i++) o[chance(0.5) ? pick(parts) : `${pick(parts)}_${pick(parts)}`] = jsonValue(depth);
  return o;
}
function json(target, indented) {
  const shape = int(0, 2);
  const make = (k) => {
    if (shape === 0) return jsonObject(0, k);
    if (shape === 1) return [...Array(k)].map(() => jsonObject(1, int(2, 5)));
    return { model: pick(['gpt-4o', 'local-7b', 'qwen']), messages: [...Array(k)].map(() => ({ role: pick(['user', 'assistant', 'system']), content: chance(0.7) ? enSentence() : zhSentence() })) };
  };
  const ser = (v) => JSON.stringify(v, null, indented ? pick([2, 2, 4, '\t']) : undefined);
  let k = 1, text = ser(make(k));
  while (text.length < target && k < 400) { k = Math.ceil(k * 1.3); text = ser(make(k)); }
  return text;
}

// ---------------------------------------------------------------- Markdown
function markdownBlock() {
  const n = rnd();
  if (n < 0.15) return `${'#'.repeat(int(1, 3))} ${cap(pick(en.adjectives))} ${pick(parts)} ${pick(['notes', 'setup', 'overview', 'FAQ', 'changes'])}`;
  if (n < 0.35) return enParagraph().replace(/\b(budget|timetable|harvest|configuration)\b/, '**$1**').replace(/\b(quiet|reliable|obvious)\b/, '_$1_');
  if (n < 0.5) return [...Array(int(2, 6))].map(() => `${pick(['-', '*', '1.'])} ${chance(0.2) ? '[ ] ' : ''}${enSentence()}`).join('\n');
  if (n < 0.6) {
    const cols = int(2, 4);
    const head = [...Array(cols)].map(() => cap(pick(parts)));
    const rows = [...Array(int(2, 6))].map(() => '| ' + [...Array(cols)].map(() => (chance(0.5) ? String(int(0, 9999)) : pick(parts))).join(' | ') + ' |');
    return ['| ' + head.join(' | ') + ' |', '|' + head.map(() => '---').join('|') + '|', ...rows].join('\n');
  }
  if (n < 0.72) {
    const lang = pick(Object.keys(codeUnits));
    return '```' + lang + '\n' + codeUnits[lang](lang === 'go' ? '\t' : '    ').trimEnd() + '\n```';
  }
  if (n < 0.8) return `> ${enSentence()}\n> ${enSentence()}`;
  if (n < 0.88) return `See [${pick(parts)} docs](https://example.org/${pick(parts)}/${int(1, 99)}) and run \`${snake(2)} --${pick(parts)}=${int(1, 64)}\`${chance(0.3) ? ' ✅' : ''}.`;
  if (n < 0.94) return zhParagraph();
  return `${pick(['🚀', '⚠️', '📝', '✅', '🔥'])} **${cap(pick(en.adjectives))}**: ${enSentence()}`;
}
function markdown(target) {
  return clip(grow(target, markdownBlock, '\n\n'), target);
}

// ---------------------------------------------------------------- hand-written samples
const handWritten = {
  english: [
    'Thanks!',
    'Could you shorten this paragraph without losing the numbers?',
    'The kettle clicked off just as the lights went out, which felt like the house making a joke at our expense.',
    'Please summarise the meeting: we agreed to ship on Friday, Dana owns the release notes, and the database migration waits until next week.',
  ],
  chinese: [
    '谢谢你！',
    '请帮我把这段话改得更简洁一些，但不要丢掉数字。',
    '窗外下了一整夜的雨，早上起来的时候，院子里的桂花落了一地，空气里都是淡淡的香味。',
    '会议纪要：我们同意周五发布新版本，小王负责更新说明，数据库迁移推迟到下周再做。',
  ],
  mixed: [
    '帮我看看这个 bug',
    '请把 README 里的 install 步骤翻译成中文，保留所有 shell 命令。',
    '我在 macOS 上运行 `cmake --build build` 的时候报错：undefined reference to `main`，怎么办？',
    '这个 API 的 rate limit 是每分钟 60 次（60 requests/min），超过以后会返回 HTTP 429。',
  ],
  markdown: [
    '# Title',
    '- [x] write tests\n- [ ] write docs',
    '| Name | Tokens |\n|---|---|\n| system | 412 |\n| history | 9,870 |',
    '## Steps\n\n1. Open **Settings**.\n2. Choose _Providers_.\n3. Click `Add`.\n\n> Tip: keys are stored in the system keychain.',
  ],
};

// ---------------------------------------------------------------- output
const classes = {
  english, chinese, mixed,
  code_cpp: (t) => code('cpp', t), code_python: (t) => code('python', t), code_javascript: (t) => code('javascript', t),
  code_rust: (t) => code('rust', t), code_go: (t) => code('go', t),
  json_compact: (t) => json(t, false), json_indented: (t) => json(t, true), markdown,
};
const lines = [];
let id = 0;
for (const [cls, make] of Object.entries(classes)) {
  const samples = handWritten[cls] ?? [];
  for (let i = 0; i < perClass; i++) {
    const text = i < samples.length ? samples[i] : make(targetLength(i - samples.length));
    lines.push(JSON.stringify({ id: id++, class: cls, text }));
  }
}
writeFileSync(output, lines.join('\n') + '\n');
console.log(`wrote ${lines.length} texts to ${output}`);
