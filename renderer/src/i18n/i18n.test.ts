import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18N_NAMESPACES, LANGUAGES } from '#shared/constants';
import { MESSAGES } from '#shared/messages';
import { NAMESPACES } from './namespaces';

const dir = new URL('.', import.meta.url).pathname;

type Tree = { [key: string]: string | Tree };

function load(lng: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(dir, lng, `${ns}.json`), 'utf8')) as Tree;
}

/** Every leaf as `a.b.c` → text. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has a file for every namespace of the product and the shell, and no others', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining([...I18N_NAMESPACES, 'shell', 'auth', 'users']));
    for (const lng of LANGUAGES) {
      const files = readdirSync(join(dir, lng)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  describe.each(NAMESPACES)('%s', (ns) => {
    const [en, ja] = LANGUAGES.map((lng) => flatten(load(lng, ns)));

    it('has the same keys in en and ja', () => {
      expect([...(ja?.keys() ?? [])].sort()).toEqual([...(en?.keys() ?? [])].sort());
    });

    it('has no empty or non-text values', () => {
      for (const texts of [en, ja]) {
        for (const [key, value] of texts ?? []) {
          expect(typeof value, key).toBe('string');
          expect((value as string).trim(), key).not.toBe('');
        }
      }
    });

    it('uses the same placeholders in both languages', () => {
      for (const [key, text] of en ?? []) {
        expect(placeholders(String(ja?.get(key) ?? '')), key).toEqual(placeholders(String(text)));
      }
    });
  });

  it('translates every message the server and the shared schemas may send', () => {
    const errors = flatten(load('en', 'errors'));
    for (const [key, text] of Object.entries(MESSAGES)) {
      // English keeps the fixed texts word for word (docs/product.md, "Fixed texts").
      expect(errors.get(key), key).toBe(text);
    }
  });
});
