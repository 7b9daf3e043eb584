// Array parameters written as PostgreSQL array literals in one join each. pg serialises an array element by
// element with string concatenation: for the eight arrays of a lookup batch that was about 28 KB of garbage
// per statement, 7.5 % of what the server allocated under lookup load (bench/article-lookup notes).

/** `{1,2,3}` for a `$n::int[]` parameter. */
export const intArrayLiteral = (values: readonly number[]) => `{${values.join(',')}}`;

const quoted = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/** `{"a","b"}` for a `$n::text[]` parameter; every element quoted, backslash and double quote escaped. */
export const textArrayLiteral = (values: readonly string[]) => `{${values.map(quoted).join(',')}}`;
