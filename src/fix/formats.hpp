#pragma once
// fix: the FF[4] form of a game-info or setup value written in another spelling
// (ff4_changes.txt "Faulty game-info values (e.g. RE, DT): the application should correct
// those values if possible, otherwise leave them as they are"; SGFC 15 "illegal value
// corrected", sgfc_doc.txt example `BL[30.]`). Pure functions of the decoded text.
#include <optional>
#include <string>
#include <string_view>

namespace sgf::detail {

struct rewrite {
    std::string value;     // the FF[4] text (decoded: escape() it to write it)
    bool lossless = true;  // false: the FF[4] form says less, or guesses; the original is
                           // kept in the private property X + identifier
    std::string overtime;  // TM: the overtime part, for OT
    bool remove = false;   // the value says nothing (TM[-]): the property is removed, the
                           // original kept in X + identifier
};

// The FF[4] form of `text` (a value decoded as SimpleText) of property `ident`, or nullopt
// when there is no conversion fix is sure of. Identifiers: DT, RE, TM, BL, WL, KM, PL, HA,
// OB, OW, RU.
//   DT  2017.03.19, 2017/3/19 12:34, 19.03.2017 (day > 12), 20170319, "August 1, 2001",
//       2001年8月1日; otherwise the year alone when the value holds exactly one
//       (01.08.2001 -> 2001, original kept: day and month order is a guess)
//   RE  b, w, jigo, "B+3,5", "W+5 1/2", "black wins by 5 3/4 points", "white resigns",
//       "B+Illegal" (-> B+, the winner is certain, the reason kept), "adjourned" (-> Void)
//   TM  30:00, 1:00:00, 5m, "2 hours", 30:00(5x1:00) (overtime to OT), 34., 6,5, "-" (removed)
//   BL/WL  as TM without overtime
//   KM  6,5 -> 6.5, "5 1/2" -> 5.5, 5½, "6.5 points"
//   PL  black/white/b/w; 1/2 (-> B/W, original kept: the numbering is a convention)
//   HA/OB/OW  2. or 2.0 -> 2
//   RU  a Go rule set's mandatory name in another spelling: japanese -> Japanese, New Zealand -> NZ
[[nodiscard]] std::optional<rewrite> ff4_form(std::string_view ident, std::string_view text);

// SZ[19:19] -> "19": a square board written as a compose, in the one-number form FF[4] requires
// (ff4_properties.txt SZ: 'SZ[19:19] is illegal'); nullopt for any other value.
[[nodiscard]] std::optional<std::string> square_size_form(std::string_view raw);

}  // namespace sgf::detail
