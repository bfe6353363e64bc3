// The matrix as one static, self-contained HTML page: summary, legend, cells coloured by
// result, case bytes shown (escaped, long cases clipped behind <details>), rows with equal
// results grouped (collapsible), a filter by area and one for disagreements.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>

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
    }
    return "na";
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
    std::string title = impl + ": " + std::string(to_string(x.result)) + ", " + secs;
    if (x.tree != tree_match::none) title += ", tree " + std::string(to_string(x.tree));
    if (!x.detail.empty()) title += "\n" + x.detail;
    return "<td class=\"c " + cls + "\" title=\"" + esc(title) + "\">" + esc(text) + "</td>";
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
table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top}
th{background:#f0f0f0;position:sticky;top:0;z-index:1}
table.summary td{text-align:right}
table.summary td:first-child{text-align:left;font-weight:600}
.legend span{display:inline-block;padding:1px 8px;margin:2px 4px 2px 0;border:1px solid #bbb}
.controls{margin:1em 0}
.controls button{margin:2px;border:1px solid #999;background:#f7f7f7;border-radius:3px;cursor:pointer}
.controls button.on{background:#1565c0;color:#fff;border-color:#1565c0}
table.matrix{width:100%}
table.matrix td.name{font-family:ui-monospace,monospace;white-space:nowrap}
table.matrix td.bytes{max-width:42em}
pre{margin:0;font:12px/1.3 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
pre.clip{display:inline}
summary{cursor:pointer}
.x{color:#c2185b;background:#fce4ec}
.gen,.more{color:#666;font-style:italic}
td.c{text-align:center;white-space:nowrap;font-size:12px}
.ok{background:#c8e6c9}
.lax{background:#ffb74d}
.strict{background:#e57373}
.iacc{background:#bbdefb}
.irej{background:#d1c4e9}
.crash{background:#4a148c;color:#fff;font-weight:700}
.na{background:#eee;color:#777}
td.tree{box-shadow:inset 0 -4px 0 #f57f17}
td.expect{outline:2px solid #d50000;outline-offset:-2px}
tbody.g{border-top:2px solid #888}
tr.ghead td.gname{cursor:pointer;font-weight:600;background:#fafafa}
tr.ghead td.c{opacity:.85}
tbody.closed tr.case{display:none}
tr.case.filtered{display:none}
.tw{display:inline-block;width:1em}
)";

constexpr const char* script = R"(
(function(){
  var area='', onlyDiff=false;
  function apply(){
    document.querySelectorAll('tbody.g').forEach(function(g){
      var n=0;
      g.querySelectorAll('tr.case').forEach(function(r){
        var show=!area||r.getAttribute('data-area')===area;
        r.classList.toggle('filtered',!show); if(show)n++;
      });
      var c=g.querySelector('.count'); if(c){c.textContent=n;g.querySelector('.cw').textContent=n===1?'case':'cases';}
      g.hidden=n===0||(onlyDiff&&g.getAttribute('data-diff')!=='1');
    });
  }
  document.querySelectorAll('button[data-area]').forEach(function(b){
    b.addEventListener('click',function(){
      area=b.getAttribute('data-area');
      document.querySelectorAll('button[data-area]').forEach(function(o){o.classList.toggle('on',o===b);});
      apply();
    });
  });
  document.getElementById('onlydiff').addEventListener('change',function(e){onlyDiff=e.target.checked;apply();});
  document.querySelectorAll('tr.ghead td.gname').forEach(function(h){
    h.addEventListener('click',function(){
      var g=h.closest('tbody'); g.classList.toggle('closed');
      h.querySelector('.tw').textContent=g.classList.contains('closed')?'\u25b8':'\u25be';
    });
  });
  function all(open){
    document.querySelectorAll('tbody.g.grp').forEach(function(g){
      g.classList.toggle('closed',!open);
      var t=g.querySelector('.tw'); if(t)t.textContent=open?'\u25be':'\u25b8';
    });
  }
  document.getElementById('expand').addEventListener('click',function(){all(true);});
  document.getElementById('collapse').addEventListener('click',function(){all(false);});
  // matrix.html#open expands every group; #area=escape selects an area; #diff ticks the filter.
  var h=location.hash.slice(1).split('&');
  h.forEach(function(p){
    if(p==='open')all(true);
    if(p==='diff'){onlyDiff=true;document.getElementById('onlydiff').checked=true;}
    if(p.indexOf('area=')===0){var b=document.querySelector('button[data-area="'+p.slice(5)+'"]');if(b)b.click();}
  });
  apply();
})();
)";

}  // namespace

std::string html(const matrix& m) {
    std::string out = "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
                      "<meta name=viewport content=\"width=device-width\">"
                      "<title>SGF conformance matrix</title><style>";
    out += style;
    out += "</style></head><body>\n<h1>SGF conformance matrix</h1>\n";

    // Summary (the same numbers as matrix.md).
    std::size_t y = 0, n = 0, i = 0;
    for (const auto& c : m.cases) (c.expected == expected_kind::accept ? y : c.expected == expected_kind::reject ? n : i) += 1;
    out += "<p>" + std::to_string(m.cases.size()) + " cases: " + std::to_string(y) + " y_ (must accept), " +
           std::to_string(n) + " n_ (must reject), " + std::to_string(i) +
           " i_ (implementation-defined). Written by <code>sgfcheck conformance</code>; see conformance/README.md.";
    if (!m.skipped.empty()) out += " " + std::to_string(m.skipped.size()) + " library-only cases not run.";
    out += "</p>\n<table class=summary><thead><tr><th>implementation</th><th>agree</th><th>disagree</th>"
           "<th>lax accept<br>(n_ accepted)</th><th>strict reject<br>(y_ rejected)</th><th>crash</th>"
           "<th>unavailable</th><th>i_ accepted</th><th>i_ rejected</th><th>trees compared</th>"
           "<th>trees differ</th></tr></thead><tbody>\n";
    for (std::size_t k = 0; k < m.impls.size(); ++k) {
        const summary s = summarize(m, k);
        out += "<tr><td>" + esc(m.impls[k]) + "</td>";
        for (const std::size_t v : {s.agree, s.disagree(), s.lax_accept, s.strict_reject, s.crash, s.unavailable,
                                    s.i_accept, s.i_reject, s.tree_compared, s.tree_differs})
            out += "<td>" + std::to_string(v) + "</td>";
        out += "</tr>\n";
    }
    out += "</tbody></table>\n";
    out += "<p class=legend><span class=ok>ok: y_ accepted / n_ rejected</span><span class=lax>LAX: n_ accepted</span>"
           "<span class=strict>STRICT: y_ rejected</span><span class=iacc>acc: i_ accepted</span>"
           "<span class=irej>rej: i_ rejected</span><span class=crash>CRASH: signal, exit status, timeout</span>"
           "<span class=na>n/a: unavailable</span><span style=\"box-shadow:inset 0 -4px 0 #f57f17\">≠tree: tree "
           "differs from ours</span><span style=\"outline:2px solid #d50000;outline-offset:-2px\">≠expect: ours "
           "differs from .expect</span> Hover a cell for the exit status, message and time.</p>\n";

    // Controls: area filter.
    std::map<std::string, std::size_t> per_area;
    for (const auto& c : m.cases) ++per_area[c.area];
    out += "<div class=controls>Area: <button class=on data-area=\"\">all (" + std::to_string(m.cases.size()) + ")</button>";
    for (const auto a : areas) {
        const auto it = per_area.find(std::string(a));
        if (it == per_area.end()) continue;
        out += "<button data-area=\"" + esc(a) + "\">" + esc(a) + " (" + std::to_string(it->second) + ")</button>";
    }
    out += " <label><input type=checkbox id=onlydiff> only rows where someone disagrees, crashes or differs</label>"
           " <button id=expand>expand all</button><button id=collapse>collapse all</button></div>\n";

    // Group the rows whose results are all equal.
    using key = std::vector<std::tuple<int, int, bool>>;
    std::map<key, std::vector<std::size_t>> groups;
    for (std::size_t c = 0; c < m.cases.size(); ++c) {
        key k;
        for (const cell& x : m.cells[c])
            k.emplace_back(static_cast<int>(judge(m.cases[c].expected, x.result)), static_cast<int>(x.tree),
                           x.differs_from_expect);
        groups[k].push_back(c);
    }
    struct group {
        key k;
        std::vector<std::size_t> rows;
        std::size_t odd = 0;  // cells that are not plain agreement
    };
    std::vector<group> ordered;
    for (auto& [k, rows] : groups) {
        group g{k, rows, 0};
        for (const auto& [j, t, e] : k) {
            const auto jj = static_cast<judgement>(j);
            const auto tt = static_cast<tree_match>(t);
            if (jj == judgement::lax_accept || jj == judgement::strict_reject || jj == judgement::crash ||
                tt == tree_match::no || tt == tree_match::invalid || e)
                ++g.odd;
        }
        ordered.push_back(std::move(g));
    }
    std::sort(ordered.begin(), ordered.end(), [&](const group& a, const group& b) {
        if (a.odd != b.odd) return a.odd > b.odd;
        return m.cases[a.rows.front()].name < m.cases[b.rows.front()].name;
    });

    out += "<table class=matrix><thead><tr><th>case</th><th>bytes</th>";
    for (const auto& impl : m.impls) out += "<th>" + esc(impl) + "</th>";
    out += "</tr></thead>\n";
    for (const group& g : ordered) {
        const bool grouped = g.rows.size() > 1;
        out += std::string("<tbody class=\"g") + (grouped ? " grp closed" : "") + "\" data-diff=\"" +
               (g.odd ? "1" : "0") + "\">\n";
        if (grouped) {
            const std::size_t first = g.rows.front();
            out += "<tr class=ghead><td class=gname colspan=2><span class=tw>▸</span><span class=count>" +
                   std::to_string(g.rows.size()) + "</span> <span class=cw>cases</span> with these results</td>";
            for (std::size_t k = 0; k < m.impls.size(); ++k) {
                const judgement j = judge(m.cases[first].expected, m.cells[first][k].result);
                // The group shares the judgement, not the expected kind's wording: show the class.
                std::string cls(css_class(j));
                std::string text(to_string(j));
                const tree_match t = m.cells[first][k].tree;
                if (t == tree_match::no || t == tree_match::invalid) {
                    cls += " tree";
                    text += " ≠tree";
                }
                if (m.cells[first][k].differs_from_expect) {
                    cls += " expect";
                    text += " ≠expect";
                }
                out += "<td class=\"c " + cls + "\">" + esc(text) + "</td>";
            }
            out += "</tr>\n";
        }
        for (const std::size_t c : g.rows) {
            const case_row& r = m.cases[c];
            out += "<tr class=case data-area=\"" + esc(r.area) + "\"><td class=name>" + esc(r.name);
            if (!r.pending.empty()) out += " <span class=gen title=\"" + esc(r.pending) + "\">(pending)</span>";
            out += "</td><td class=bytes>" + bytes_html(r) + "</td>";
            for (std::size_t k = 0; k < m.impls.size(); ++k) out += cell_html(r, m.cells[c][k], m.impls[k]);
            out += "</tr>\n";
        }
        out += "</tbody>\n";
    }
    out += "</table>\n";
    if (!m.skipped.empty()) {
        out += "<p>Library-only cases (run by the doctest suite, not handed to other implementations):";
        for (const auto& s : m.skipped) out += " <code>" + esc(s) + "</code>";
        out += "</p>\n";
    }
    out += "<script>";
    out += script;
    out += "</script></body></html>\n";
    return out;
}

}  // namespace sgf::tools::conformance
