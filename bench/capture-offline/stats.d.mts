export declare const quantile: (sorted: readonly number[], q: number) => number;
export declare function unknownCodes(count: number, taken: ReadonlySet<string>): string[];
