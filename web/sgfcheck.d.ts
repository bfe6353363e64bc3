// sgfcheck in WebAssembly: the SGF reference checker for node and browsers.
//   const m = await require("sgfcheck")();            // node (CommonJS)
//   const m = await createSgfcheck();                  // a page: <script src="sgfcheck.js">
//   m.check(text, { profile: "current" })             // -> Diagnostic[]
// Data is a string (checked as its UTF-8 bytes; a lone surrogate, which has none, as U+FFFD
// the way TextEncoder writes it) or the bytes of a file (Uint8Array or
// ArrayBuffer), read through the input stage as `sgfcheck FILE` reads files: byte order
// marks, CA[], UTF-16/32, legacy charsets. Positions: 1-based line and column (columns count
// bytes), 0-based byte offset; null when unknown.

declare function createSgfcheck(overrides?: object): Promise<createSgfcheck.Sgfcheck>;

declare namespace createSgfcheck {
  /** A file's bytes (a view: the bytes it shows), or text as its UTF-8. */
  export type Data = string | Uint8Array | ArrayBuffer | ArrayBufferView;
  export type Profile = "ff4" | "current" | "hex";
  /** Codes as `sgfcheck --select/--ignore` take them: prefixes of the printed code ("E",
   * "W2", "E111") or bare numbers ("111"), as a comma list or an array. RangeError for an
   * entry that names no code. */
  export type Codes = string | string[];

  export interface Position { line: number; column: number; byte: number; }

  export interface Diagnostic {
    /** The printed code: the letter of the level in effect and a stable number ("E008"). */
    code: string;
    severity: "error" | "warning" | "info";
    line: number | null;
    column: number | null;
    byte: number | null;
    /** One line: what is wrong. */
    message: string;
    /** How to fix it, or how the parser recovered ("" when there is nothing to add). */
    hint: string;
    /** How many findings this stands for: 1, or N for a summary past the listing cap. */
    count: number;
    /** A related place: the '[' of an unclosed value, the '(' of an unclosed tree. */
    related: Position | null;
  }

  export interface CheckOptions {
    profile?: Profile;
    /** Parser recoveries as warnings (sgfcheck --lenient). */
    lenient?: boolean;
    select?: Codes;
    ignore?: Codes;
    /** Read the text in this charset whatever CA says (sgfcheck --charset). */
    charset?: string;
  }

  export interface FixResult {
    /** Clean FF[4] in UTF-8, as `sgfcheck fix` writes it. */
    bytes: Uint8Array;
    text: string;
    /** What fix reported: the input's findings it did not repair, and every change it made. */
    diagnostics: Diagnostic[];
    /** The errors left in the output (fix cannot repair them), at their places in `text`. */
    remaining: Diagnostic[];
  }

  export interface Inspection {
    /** The charset the file was read in ("UTF-8", "ISO-8859-1", "Shift_JIS", ...). */
    charset: string;
    /** Converted to UTF-8 as a whole before parsing (UTF-16/32, GB18030, Shift_JIS, ...). */
    converted: boolean;
    diagnostics: Diagnostic[];
  }

  export interface Sgfcheck {
    /** What `sgfcheck` reports about one file, in file order. */
    check(data: Data, options?: CheckOptions): Diagnostic[];
    /** check() and how the file was read. */
    inspect(data: Data, options?: CheckOptions): Inspection;
    /** `sgfcheck fix`. Throws an Error when the file passes the check and fix's output would
     * not (a bug in fix: the file is better left as it is). */
    fix(data: Data, options?: { charset?: string }): FixResult;
    /** The JSON tree of `sgfcheck dump` (format "sgf-tree" version 2) as a string. */
    dump(data: Data, options?: { positions?: boolean; lenient?: boolean; charset?: string }): string;
    version(): string;
  }
}

export = createSgfcheck;
