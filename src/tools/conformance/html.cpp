// The matrix as one static, self-contained HTML page: run metadata, summary, legend; a row
// per case with links to its bytes, its .expect, its spec sentence (SOURCES.md) and the docs
// of its codes, the sentence and the expected diagnostics shown, the case bytes (escaped,
// long cases clipped behind <details>), and a cell per implementation coloured by result
// with its detail (exit status, message, time) written out, not in a tooltip. A search box
// and filters by implementation, area and outcome; the state is kept in the URL's hash.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "tools/conformance/conformance.hpp"

namespace sgf::tools::conformance {

namespace {

constexpr std::size_t shown_inline = 120;  // bytes shown before the rest is behind a toggle

std::string esc(std::string_view s) {
    std::string out;
    for (const char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out.push_back(c);
        }
    }
    return out;
}

// Length of a valid UTF-8 sequence (2-4 bytes) at s[i], or 0.
std::size_t utf8_seq(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    if (n == 0 || c >= 0xF5 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    return n;
}

// Case bytes for display: printable text as is, control bytes and bytes that are not UTF-8
// as visible escapes (<span class=x>), a real line break after each \n.
std::string show_bytes(std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            if (const std::size_t n = utf8_seq(s, i); n != 0 && !(n == 3 && s.substr(i, 3) == "\xEF\xBB\xBF")) {
                out.append(s.substr(i, n));
                i += n;
                continue;
            }
        }
        if (c >= 0x20 && c < 0x7f) {
            out += esc(std::string_view(s.data() + i, 1));
        } else {
            out += "<span class=x>";
            switch (c) {
                case '\n': out += "\\n</span>\n"; break;
                case '\r': out += "\\r</span>"; break;
                case '\t': out += "\\t</span>"; break;
                case '\v': out += "\\v</span>"; break;
                case '\f': out += "\\f</span>"; break;
                case 0: out += "\\0</span>"; break;
                default:
                    out += "\\x";
                    out.push_back(hex[c >> 4]);
                    out.push_back(hex[c & 15]);
                    out += "</span>";
            }
        }
        ++i;
    }
    return out;
}

std::string_view css_class(judgement j) {
    switch (j) {
        case judgement::agree: return "ok";
        case judgement::lax_accept: return "lax";
        case judgement::strict_reject: return "strict";
        case judgement::i_accept: return "iacc";
        case judgement::i_reject: return "irej";
        case judgement::crash: return "crash";
        case judgement::unavailable: return "na";
        case judgement::flaky: return "na";
    }
    return "na";
}

// The outcome a filter selects: the judgement's class, plus the tree and .expect marks.
std::string outcome_attrs(const case_row& r, const cell& x) {
    std::string a = " data-outcome=\"" + std::string(css_class(judge(r.expected, x.result))) + "\"";
    if (x.tree == tree_match::no || x.tree == tree_match::invalid) a += " data-tree=\"differs\"";
    if (x.differs_from_expect) a += " data-expect=\"differs\"";
    return a;
}

std::string cell_html(const case_row& r, const cell& x, const std::string& impl) {
    const judgement j = judge(r.expected, x.result);
    std::string cls(css_class(j));
    std::string text(to_string(j));
    if (x.tree == tree_match::no || x.tree == tree_match::invalid) {
        cls += " tree";
        text += x.tree == tree_match::no ? " ≠tree" : " bad tree";
    }
    if (x.differs_from_expect) {
        cls += " expect";
        text += " ≠expect";
    }
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.3f s", x.seconds);
    std::string detail = std::string(to_string(x.result)) + ", " + secs;
    if (x.tree != tree_match::none) detail += ", tree " + std::string(to_string(x.tree));
    if (!x.detail.empty()) detail += "; " + x.detail;
    return "<td class=\"c " + cls + "\" data-impl=\"" + esc(impl) + "\"" + outcome_attrs(r, x) + "><b>" + esc(text) +
           "</b><div class=detail>" + esc(detail) + "</div></td>";
}

// "E008 1:4" -> a link to the code's row of docs/diagnostics.md, and the position.
std::string expected_html(const std::string& d, const page_links& links) {
    const std::size_t sp = d.find(' ');
    const std::string code = d.substr(0, sp);
    std::string anchor = code;
    for (char& c : anchor) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string out = links.docs.empty() ? "<code>" + esc(code) + "</code>"
                                         : "<a class=code href=\"" + esc(links.docs) + "#" + esc(anchor) + "\">" + esc(code) + "</a>";
    if (sp != std::string::npos) out += " " + esc(d.substr(sp + 1));
    return out;
}

std::string case_html(const case_row& r, const page_links& links) {
    std::string out = "<td class=name><a class=self href=\"#case-" + esc(r.name) + "\">" + esc(r.name) + "</a>";
    if (!r.pending.empty()) out += " <span class=note>pending: " + esc(r.pending) + "</span>";
    if (!r.known_bug.empty()) out += " <span class=note>known bug: " + esc(r.known_bug) + "</span>";
    out += "<div class=links>";
    std::vector<std::string> parts;
    if (!links.cases.empty()) {
        if (r.generated) {
            parts.push_back("<a href=\"" + esc(links.cases) + "/" + esc(r.name) + ".gen\">recipe</a>");
            parts.push_back("<a href=\"" + esc(links.generated) + "/" + esc(r.name) + ".sgf\">bytes</a>");
        } else {
            parts.push_back("<a href=\"" + esc(links.cases) + "/" + esc(r.name) + ".sgf\">bytes</a>");
        }
        parts.push_back("<a href=\"" + esc(links.cases) + "/" + esc(r.name) + ".expect\">.expect</a>");
    }
    if (!links.sources.empty())
        parts.push_back("<a href=\"" + esc(links.sources) + "#" + esc(r.name) + "\">spec sentence</a>");
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? " · " : "") + parts[k];
    out += "</div>";
    if (!r.sentence.empty()) {
        out += "<div class=sentence>";
        if (!r.source.empty()) out += "<span class=src>" + esc(r.source) + ":</span> ";
        out += esc(r.sentence);
        if (!r.remark.empty()) out += " <span class=note>(" + esc(r.remark) + ")</span>";
        out += "</div>";
    }
    out += "<div class=expects>expected: ";
    if (r.expected_diagnostics.empty()) out += "no diagnostics";
    for (std::size_t k = 0; k < r.expected_diagnostics.size(); ++k) out += (k ? ", " : "") + expected_html(r.expected_diagnostics[k], links);
    out += "</div></td>";
    return out;
}

std::string bytes_html(const case_row& r) {
    std::string size = std::to_string(r.size) + (r.size == 1 ? " byte" : " bytes");
    if (r.generated) {
        return "<details><summary><span class=gen>generated, " + esc(size) + "</span></summary><pre>" +
               esc(r.shown) + "</pre></details>";
    }
    const std::string_view s = r.shown;
    if (s.size() <= shown_inline && r.size <= shown_inline) return "<pre>" + show_bytes(s) + "</pre>";
    // Clip on a character boundary.
    std::size_t cut = shown_inline;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    std::string out = "<details><summary><pre class=clip>" + show_bytes(s.substr(0, cut)) +
                      "</pre> <span class=more>… " + esc(size) + "</span></summary><pre>" + show_bytes(s.substr(cut));
    if (r.size > s.size()) out += "\n<span class=x>… " + std::to_string(r.size - s.size()) + " more bytes</span>";
    return out + "</pre></details>";
}

constexpr const char* style = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.5em;margin:.2em 0}
.meta{color:#555}
table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top}
th{background:#f0f0f0;position:sticky;top:0;z-index:1}
table.summary td{text-align:right}
table.summary td:first-child{text-align:left;font-weight:600}
.legend span{display:inline-block;padding:1px 8px;margin:2px 4px 2px 0;border:1px solid #bbb}
.controls{margin:1em 0;padding:.5em;background:#f7f7f7;border:1px solid #ddd;position:sticky;top:0;z-index:2}
.controls label{margin-right:1em}
.controls input[type=search]{width:18em}
#shown{font-weight:600}
table.matrix{width:100%}
table.matrix td.name{font-family:ui-monospace,monospace;max-width:30em}
td.name .links,td.name .sentence,td.name .expects{font-family:system-ui,sans-serif;font-size:12px}
td.name .sentence{color:#333;margin-top:2px}
td.name .src,.note{color:#666;font-style:italic}
a.self{color:inherit;text-decoration:none;font-weight:600}
table.matrix td.bytes{max-width:36em}
pre{margin:0;font:12px/1.3 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
pre.clip{display:inline}
summary{cursor:pointer}
.x{color:#c2185b;background:#fce4ec}
.gen,.more{color:#666;font-style:italic}
td.c{text-align:center;font-size:12px;min-width:6em}
td.c .detail{font-size:11px;color:#333;text-align:left;max-width:16em;overflow-wrap:anywhere}
td.crash .detail{color:#fff}
.ok{background:#c8e6c9}
.lax{background:#ffb74d}
.strict{background:#e57373}
.iacc{background:#bbdefb}
.irej{background:#d1c4e9}
.crash{background:#4a148c;color:#fff;font-weight:700}
.na{background:#eee;color:#777}
td.tree{box-shadow:inset 0 -4px 0 #f57f17}
td.expect{outline:2px solid #d50000;outline-offset:-2px}
tr.case:target{outline:3px solid #1565c0}
.off{display:none}
)";

constexpr const char* script = R"(
(function(){
  var q=document.getElementById('search'), impl=document.getElementById('impl'),
      area=document.getElementById('area'), outcome=document.getElementById('outcome'),
      shown=document.getElementById('shown');
  // A cell matches the outcome filter: a judgement class, or a mark (tree, expect), or
  // 'odd' = anything but plain agreement.
  function cellMatches(td,o){
    if(!o)return true;
    var j=td.getAttribute('data-outcome');
    if(o==='tree')return td.hasAttribute('data-tree');
    if(o==='expect')return td.hasAttribute('data-expect');
    if(o==='odd')return j==='lax'||j==='strict'||j==='crash'||td.hasAttribute('data-tree')||td.hasAttribute('data-expect');
    return j===o;
  }
  function apply(){
    var text=q.value.trim().toLowerCase(), im=impl.value, ar=area.value, oc=outcome.value, n=0;
    document.querySelectorAll('[data-impl]').forEach(function(e){
      e.classList.toggle('off',!!im&&e.getAttribute('data-impl')!==im);
    });
    document.querySelectorAll('tr.case').forEach(function(tr){
      var ok=(!ar||tr.getAttribute('data-area')===ar)&&(!text||tr.textContent.toLowerCase().indexOf(text)>=0);
      if(ok&&oc){
        ok=false;
        tr.querySelectorAll('td.c').forEach(function(td){
          if((!im||td.getAttribute('data-impl')===im)&&cellMatches(td,oc))ok=true;
        });
      }
      tr.hidden=!ok; if(ok)n++;
    });
    shown.textContent=n;
    var h=[];
    if(im)h.push('impl='+encodeURIComponent(im));
    if(ar)h.push('area='+encodeURIComponent(ar));
    if(oc)h.push('outcome='+encodeURIComponent(oc));
    if(text)h.push('q='+encodeURIComponent(q.value.trim()));
    if(h.length||location.hash.indexOf('=')>=0)history.replaceState(null,'',h.length?'#'+h.join('&'):location.pathname+location.search);
  }
  [q,impl,area,outcome].forEach(function(e){e.addEventListener('input',apply);e.addEventListener('change',apply);});
  document.getElementById('reset').addEventListener('click',function(){q.value='';impl.value='';area.value='';outcome.value='';apply();});
  // matrix.html#impl=NAME&area=AREA&outcome=OUTCOME&q=TEXT opens a filtered view
  // (#diff = outcome odd); #case-NAME jumps to a case.
  var set=false;
  location.hash.slice(1).split('&').forEach(function(p){
    var i=p.indexOf('='), k=i<0?p:p.slice(0,i), v=i<0?'':decodeURIComponent(p.slice(i+1));
    if(k==='impl'){impl.value=v;set=true;}
    if(k==='area'){area.value=v;set=true;}
    if(k==='outcome'){outcome.value=v;set=true;}
    if(k==='q'){q.value=v;set=true;}
    if(k==='diff'){outcome.value='odd';set=true;}
  });
  apply();
})();
)";

// Cells that are not plain agreement, for the row order.
std::size_t oddness(const matrix& m, std::size_t c) {
    std::size_t odd = 0;
    for (const cell& x : m.cells[c]) {
        const judgement j = judge(m.cases[c].expected, x.result);
        if (j == judgement::lax_accept || j == judgement::strict_reject || j == judgement::crash ||
            x.tree == tree_match::no || x.tree == tree_match::invalid || x.differs_from_expect)
            ++odd;
    }
    return odd;
}

// The summary (the same numbers as matrix.md): counts of the cases, notes on a partial run and
// on unavailable readers, the table per implementation and its legend.
std::string summary_html(const matrix& m) {
    std::string out;
    std::size_t y = 0, n = 0, i = 0;
    for (const auto& c : m.cases) (c.expected == expected_kind::accept ? y : c.expected == expected_kind::reject ? n : i) += 1;
    out += "<p>" + std::to_string(m.cases.size()) + " cases: " + std::to_string(y) + " y_ (must accept), " +
           std::to_string(n) + " n_ (must reject), " + std::to_string(i) +
           " i_ (implementation-defined). Written by <code>sgfcheck conformance</code>; see conformance/README.md.";
    if (!m.skipped.empty()) out += " " + std::to_string(m.skipped.size()) + " library-only cases not run.";
    out += "</p>\n";
    if (const std::string p = progress_note(m); !p.empty()) out += "<p class=partial id=partial>" + esc(p) + "</p>\n";
    if (const std::string u = unavailable_note(m); !u.empty()) out += "<p class=unavailable id=unavailable>" + esc(u) + "</p>\n";
    out += "<table class=summary><thead><tr><th>implementation</th><th>agree</th><th>disagree</th>"
           "<th>lax accept<br>(n_ accepted)</th><th>strict reject<br>(y_ rejected)</th><th>crash</th>"
           "<th>unavailable</th><th>flaky</th><th>i_ accepted</th><th>i_ rejected</th><th>trees compared</th>"
           "<th>trees differ</th></tr></thead><tbody>\n";
    for (std::size_t k = 0; k < m.impls.size(); ++k) {
        const summary s = summarize(m, k);
        out += "<tr><td>" + esc(m.impls[k]) + "</td>";
        for (const std::size_t v : {s.agree, s.disagree(), s.lax_accept, s.strict_reject, s.crash, s.unavailable,
                                    s.flaky, s.i_accept, s.i_reject, s.tree_compared, s.tree_differs})
            out += "<td>" + std::to_string(v) + "</td>";
        out += "</tr>\n";
    }
    out += "</tbody></table>\n";
    out += "<p class=legend><span class=ok>ok: y_ accepted / n_ rejected</span><span class=lax>LAX: n_ accepted</span>"
           "<span class=strict>STRICT: y_ rejected</span><span class=iacc>acc: i_ accepted</span>"
           "<span class=irej>rej: i_ rejected</span><span class=crash>CRASH: signal, exit status, timeout</span>"
           "<span class=na>n/a: unavailable; flaky: a timeout that did not come back alone</span><span style=\"box-shadow:inset 0 -4px 0 #f57f17\">≠tree: tree "
           "differs from ours</span><span style=\"outline:2px solid #d50000;outline-offset:-2px\">≠expect: ours "
           "differs from .expect</span> Each cell says what the implementation did, its exit status or message, "
           "and the time.</p>\n";

    return out;
}

// The controls: search, implementation, area, outcome.
std::string controls_html(const matrix& m) {
    std::string out;
    std::map<std::string, std::size_t> per_area;
    for (const auto& c : m.cases) ++per_area[c.area];
    out += "<div class=controls><label>Search <input type=search id=search placeholder=\"case, bytes, sentence, "
           "message\"></label><label>Implementation <select id=impl><option value=\"\">all</option>";
    for (const auto& impl : m.impls) out += "<option value=\"" + esc(impl) + "\">" + esc(impl) + "</option>";
    out += "</select></label><label>Area <select id=area><option value=\"\">all (" + std::to_string(m.cases.size()) +
           ")</option>";
    for (const auto a : areas) {
        const auto it = per_area.find(std::string(a));
        if (it == per_area.end()) continue;
        out += "<option value=\"" + esc(a) + "\">" + esc(a) + " (" + std::to_string(it->second) + ")</option>";
    }
    out += "</select></label><label>Outcome <select id=outcome><option value=\"\">any</option>"
           "<option value=odd>disagrees, crashes or differs</option><option value=ok>ok</option>"
           "<option value=lax>LAX (n_ accepted)</option><option value=strict>STRICT (y_ rejected)</option>"
           "<option value=crash>CRASH</option><option value=na>unavailable</option>"
           "<option value=iacc>i_ accepted</option><option value=irej>i_ rejected</option>"
           "<option value=tree>tree differs</option><option value=expect>ours ≠ .expect</option></select></label>"
           "<button id=reset>reset</button> <span id=shown>" +
           std::to_string(m.cases.size()) + "</span> of " + std::to_string(m.cases.size()) + " cases shown</div>\n";
    return out;
}

// The matrix: a row per case, the most disagreement first, then by name.
std::string rows_html(const matrix& m) {
    std::string out;
    std::vector<std::size_t> order(m.cases.size());
    for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
    std::vector<std::size_t> odd(m.cases.size());
    for (std::size_t c = 0; c < odd.size(); ++c) odd[c] = oddness(m, c);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (odd[a] != odd[b]) return odd[a] > odd[b];
        return m.cases[a].name < m.cases[b].name;
    });
    out += "<table class=matrix><thead><tr><th>case</th><th>bytes</th>";
    for (const auto& impl : m.impls) out += "<th data-impl=\"" + esc(impl) + "\">" + esc(impl) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (const std::size_t c : order) {
        const case_row& r = m.cases[c];
        out += "<tr class=case id=\"case-" + esc(r.name) + "\" data-area=\"" + esc(r.area) + "\">" + case_html(r, m.links) +
               "<td class=bytes>" + bytes_html(r) + "</td>";
        for (std::size_t k = 0; k < m.impls.size(); ++k) out += cell_html(r, m.cells[c][k], m.impls[k]);
        out += "</tr>\n";
    }
    out += "</tbody></table>\n";
    return out;
}

}  // namespace

std::string html(const matrix& all) {
    const matrix m = available_only(all);  // unavailable readers: one note, not empty columns
    std::string out = "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
                      "<meta name=viewport content=\"width=device-width\">"
                      "<title>SGF conformance matrix</title><style>";
    out += style;
    out += "</style></head><body>\n<h1>SGF conformance matrix</h1>\n";
    out += "<p class=meta>sgfcheck <span id=version>" + esc(m.version) + "</span>, corpus commit <span id=commit>" +
           esc(m.commit) + "</span>, run <span id=date>" + esc(m.date) + "</span>.</p>\n";
    out += summary_html(m);
    out += controls_html(m);
    out += rows_html(m);
    if (!m.skipped.empty()) {
        out += "<p>Library-only cases (run by the doctest suite, not handed to other implementations):";
        for (const auto& sk : m.skipped) out += " <code>" + esc(sk) + "</code>";
        out += "</p>\n";
    }
    out += "<script>";
    out += script;
    out += "</script></body></html>\n";
    return out;
}

}  // namespace sgf::tools::conformance
