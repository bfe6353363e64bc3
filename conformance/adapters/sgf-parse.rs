// Adapter for sgf-parse (julianandrews/sgf-parse, Rust), built by the script sgf-parse
// from ../shared/peers/sgf-parse into the build folder with `cargo --offline`. See README.md.
//
// Reads with sgf_parse::parse(&text) (default options: FF[4] identifiers, mixed-case
// ones converted): every game tree of the collection. The file is read as UTF-8
// (`parse` takes a &str): bytes that are not UTF-8 become U+FFFD first.
// Errors: an SgfParseError is a rejection (exit 1); a panic is a crash (exit 2); a
// blown stack aborts the process (SIGABRT), which the runner sees as a crash.
// Tree: not printed. sgf-parse keeps typed values (points, moves, numbers) and
// prints them back in its own spelling, so its tree would differ for that reason
// alone.
use std::io::{BufRead, Write};

fn one_line(s: &str) -> String {
    let mut out = s.split_whitespace().collect::<Vec<_>>().join(" ");
    out.truncate(300);
    out
}

fn readable(path: &str) -> bool {
    std::fs::metadata(path).map(|m| m.is_file()).unwrap_or(false) && std::fs::File::open(path).is_ok()
}

fn answer(path: &str) -> (&'static str, String) {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return ("unreadable", one_line(&e.to_string())),
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    match std::panic::catch_unwind(|| sgf_parse::parse(&text).map(|trees| trees.len())) {
        Ok(Ok(_)) => ("accepted", String::new()),
        Ok(Err(e)) => ("rejected", one_line(&e.to_string())),
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            ("crash", one_line(&format!("panic: {}", what)))
        }
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));  // the verdict line says it
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 2 && args[1] == "--batch" {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let _ = writeln!(out, "sgf-adapter batch 1");
        let _ = out.flush();
        for line in std::io::stdin().lock().lines() {
            let path = match line {
                Ok(p) => p,
                Err(_) => break,
            };
            let (v, m) = if readable(&path) { answer(&path) } else { ("unreadable", format!("cannot read {}", one_line(&path))) };
            let _ = writeln!(out, "{}\t{}\t", v, m);
            let _ = out.flush();
        }
        return;
    }
    if args.len() != 2 {
        eprintln!("usage: sgf-parse FILE | --batch");
        std::process::exit(64);
    }
    if !readable(&args[1]) {
        eprintln!("cannot read {}", args[1]);
        std::process::exit(66);
    }
    let (v, m) = answer(&args[1]);
    match v {
        "accepted" => {}
        "rejected" => {
            eprintln!("rejected: {}", m);
            std::process::exit(1);
        }
        _ => {
            eprintln!("crash: {}", m);
            std::process::exit(2);
        }
    }
}
