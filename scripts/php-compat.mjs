// PHP 7.4 compatibility of the WordPress SDK and the samples (sdk/wordpress/README.md: PHP 7.4+). Debian
// ships PHP 8.2 only, so `php -l` (in scripts/wordpress/sources.test.mjs) cannot tell 8-only syntax; this parses
// every PHP file with php-parser set to PHP 7.4, which refuses match, nullsafe ?->, named arguments, throw
// expressions, enums, trailing commas in parameter lists and catch without a variable, and walks the tree
// for what that parser accepts anyway: union types, constructor promotion, readonly, the mixed/static/never
// types, and functions PHP 7.4 does not have (WordPress polyfills none of those named here).
// It first proves it can fail: each PHP 8 snippet below must be refused, each PHP 7.4 one accepted.
// Usage: node scripts/php-compat.mjs   (part of npm test; no PHP needed)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import phpParser from 'php-parser';
import { root } from './lib.mjs';

const engine = new phpParser.Engine({
  parser: { php7: true, version: '7.4', suppressErrors: false, extractDoc: false },
  ast: { withPositions: true },
});

const PHP8_TYPES = new Set(['mixed', 'static', 'never', 'null', 'false', 'true']);
/** Functions added in PHP 8.x that neither PHP 7.4 nor WordPress 6.0 (the SDK's floor) provide. */
const PHP8_FUNCTIONS = new Set([
  'get_debug_type',
  'get_resource_id',
  'fdiv',
  'preg_last_error_msg',
  'array_is_list',
  'json_validate',
  'mb_str_pad',
  'str_increment',
  'str_decrement',
  'enum_exists',
]);

/** What PHP 7.4 would refuse in one file's source: a list of "line: reason". */
export function php74Problems(code, name = 'code') {
  let ast;
  try {
    ast = engine.parseCode(code, name);
  } catch (e) {
    return [`${e.lineNumber ?? '?'}: ${e.message}`];
  }
  const problems = [];
  const at = (node, reason) => problems.push(`${node.loc?.start.line ?? '?'}: ${reason}`);
  const checkType = (node, type) => {
    if (!type) return;
    if (type.kind === 'uniontype') at(node, 'union types need PHP 8.0');
    else if (type.kind === 'intersectiontype') at(node, 'intersection types need PHP 8.1');
    else if (type.kind === 'typereference' && PHP8_TYPES.has(String(type.name).toLowerCase()))
      at(node, `the ${type.name} type needs PHP 8`);
  };
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => walk(child));
    if (typeof node.kind === 'string') {
      if (node.kind === 'parameter') {
        checkType(node, node.type);
        if (node.flags) at(node, 'constructor property promotion needs PHP 8.0');
        if (node.readonly) at(node, 'readonly needs PHP 8.1');
      }
      if (['function', 'method', 'closure', 'arrowfunc'].includes(node.kind))
        checkType(node, node.type);
      if (node.kind === 'property') {
        checkType(node, node.type);
        if (node.readonly) at(node, 'readonly properties need PHP 8.1');
      }
      if (node.kind === 'class' && node.isReadonly) at(node, 'readonly classes need PHP 8.2');
      if (node.kind === 'enum') at(node, 'enums need PHP 8.1');
      if (node.kind === 'match') at(node, 'match needs PHP 8.0');
      if (node.kind === 'nullsafepropertylookup') at(node, 'the nullsafe operator needs PHP 8.0');
      if (node.kind === 'call' && node.what?.kind === 'name') {
        const fn = String(node.what.name).replace(/^\\/, '').toLowerCase();
        if (PHP8_FUNCTIONS.has(fn)) at(node, `${fn}() needs PHP 8`);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'loc' && value && typeof value === 'object') walk(value);
    }
  };
  walk(ast);
  return problems;
}

/** The checker itself: PHP 8 constructs refused, PHP 7.4 ones accepted. */
const REFUSED = {
  match: '<?php $a = match ($x) { 1 => 2, default => 3 };',
  nullsafe: '<?php $a = $x?->y;',
  'named arguments': '<?php f(a: 1);',
  'union type': '<?php function f(int|string $a) {}',
  promotion: '<?php class A { function __construct(private int $a) {} }',
  mixed: '<?php function f(mixed $a) {}',
  'static return': '<?php class A { function f(): static { return $this; } }',
  'throw expression': '<?php $a = $b ?? throw new E();',
  enum: '<?php enum S { case A; }',
  'readonly property': '<?php class A { public readonly int $a; }',
  'trailing comma in parameters': '<?php function f($a, $b,) {}',
  'catch without variable': '<?php try {} catch (E) {}',
  'PHP 8 function': '<?php $t = get_debug_type($x);',
};
const ACCEPTED = {
  'arrow function': '<?php $f = fn($x) => $x * 2;',
  'typed property':
    '<?php class A { private ?int $a = null; public function f(): ?string { return null; } }',
  'null coalescing assignment': '<?php $a ??= [];',
  'spread in array': '<?php $a = [...$b, 1];',
  'str_contains (WordPress polyfills it)': '<?php $a = str_contains($b, "x");',
};

function selfTest() {
  const wrong = [];
  for (const [name, code] of Object.entries(REFUSED))
    if (!php74Problems(code, name).length) wrong.push(`not refused: ${name}`);
  for (const [name, code] of Object.entries(ACCEPTED)) {
    const problems = php74Problems(code, name);
    if (problems.length) wrong.push(`refused: ${name} (${problems.join('; ')})`);
  }
  return wrong;
}

function phpFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return phpFiles(path);
    return name.endsWith('.php') ? [path] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wrong = selfTest();
  if (wrong.length) {
    console.error(`The PHP 7.4 checker itself is wrong:\n  ${wrong.join('\n  ')}`);
    process.exit(1);
  }
  const files = phpFiles(join(root, 'sdk'));
  let failed = 0;
  for (const file of files) {
    for (const problem of php74Problems(readFileSync(file, 'utf8'), file)) {
      console.error(`${relative(root, file)}:${problem}`);
      failed = 1;
    }
  }
  console.log(
    failed
      ? 'PHP 7.4 compatibility: problems above'
      : `PHP 7.4 compatibility: ${files.length} files of sdk/ parse as PHP 7.4 (checker self-test: ${Object.keys(REFUSED).length} PHP 8 constructs refused, ${Object.keys(ACCEPTED).length} PHP 7.4 ones accepted)`,
  );
  process.exit(failed);
}
