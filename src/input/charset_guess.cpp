// Guessing the charset of a file without CA[] (sgf/charset.hpp: guess_charset): byte order
// marks, NUL patterns, ASCII, valid UTF-8, then a score of each candidate decoding.
#include <optional>
#include <string>

#include "input/charset_detail.hpp"

namespace sgf {

using namespace detail::charset_impl;

namespace {

// Frequent characters per language, to tell apart decodings that are all structurally
// valid: the same two bytes B0 D7 are 白 in GB2312, 啞 in Big5 and 겜 in EUC-KR, and only
// the first is a common word. Sources: general frequency knowledge plus Go vocabulary
// (black, white, win, loss, points, board, dan, kyu, komi, game, ...); these are small on
// purpose, the byte-range classes below do most of the work.
constexpr std::string_view frequent_zh_hans =
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行"
    "所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它"
    "与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新"
    "己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平"
    "系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形"
    "社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取"
    "拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫"
    "令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似"
    "官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费"
    "号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音"
    "跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友"
    "诉止细愿千值仍男钱破网热助倒育属坐状田冲树独财胜负盘贴棋赛杯届冠军劫执押输赢局谱职业段位让子";
constexpr std::string_view frequent_zh_hant =
    "的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行"
    "所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實日軍者意無力它"
    "與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很最重並物手應戰向頭文體政美相見被利什二等產或新"
    "己制身果加西斯月話合回特代內信表化老給世位次度門任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平"
    "系氣題活爾更別打女變四神總何電數安少報才結反受目太量再感建務做接必場件計管期市直德資命山金指克許統區保至隊形"
    "社便空決治展馬科司五基眼書非則聽白卻界達光放強即像難且權思王象完設式色路記南品住告類求據程北邊死張該交規萬取"
    "拉格望覺術領共確傳師觀清今切院讓識候帶導爭運笑飛風步改收根造言聯持組每濟車親極林服快辦議往元英士證近失轉夫"
    "令準布始怎呢存未遠叫台單影具羅字愛擊流備兵連調深商算質團集百需價花黨華城石級整府離況亞請技際約示復病息究線似"
    "官火斷精滿支視消越器容照須九增研寫稱企八功嗎包片史委乎查輕早曾除農找裝廣顯吧阿李標談吃圖念六引歷首醫局突專費"
    "號盡另周較注語僅考落青隨選列武紅響雖推勢參希古眾構房半節土投某案黑維革劃敵致陳律足態護七興派孩驗責營星夠章音"
    "跟志底站嚴巴例防族供效續施留講型料終答緊黃絕奇察母京段依批群項故按河米圍江織害鬥雙境客紀採舉殺攻父蘇密低朝友"
    "訴止細願千值仍男錢破網熱助倒育屬坐狀田衝樹獨財勝負盤貼棋賽盃屆冠軍劫執押輸贏局譜職業段位讓子";
// Kana are scored as frequent by range; these are the common kanji of Japanese text.
constexpr std::string_view frequent_ja =
    "日一国会人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部東者党地合市業内相方四定今回新場金員九"
    "入選立開手米力学問高代明実円関決子動京全目表戦経通外最言氏現理調体化田当八六約主題下首意法不来作性的要用制治度"
    "務強気小七成期公持野協取都和統以機平総加山思家話世受区領多県続進正安設保改数記院女初北午指権心界支第産結百派点"
    "教報済書府活原先共得解名交資予川向際査勝面委告軍文反元重近千考判認画海参売利組知案道信策集在件団別物側任引使求"
    "所次水半品昨論計死官増係感特情投示変打男基私各始島直両朝革価式確村提運終挙果西勢減台広容必応演電歳住争談能無再"
    "位置企真流格有疑口過局少放税検藤町常校料沢裁状工建語球営空職証土与急止送援供可役構木割聞身費付施切由説転食比難"
    "防補車優夫研収断井何南石足違消境神番規術護展態導鮮備宅害配副算視条幹独警宮究育席輸訪楽起万着乗店述残想線率病農"
    "州武声質念待試族象銀域助労例衛然早張映限親額監環験追審商葉義伝働形景落欧担好退準賞訴辺造英被株頭技低毎医復仕去"
    "姿味負閣韓渡失移差衆個門写評課末守若脳極種美岡影命含福蔵量望松非撃佐核観察整段横融型白深字答夜製票況音申様財港"
    "識注呼渉達良響阪帰針専推練黒碁囲棋盤級目押投了持番聖王座因坊戦";
constexpr std::string_view frequent_ko =
    "이의다는에하고을가를로지기한서사대도어자리시수인정해일나게아있그것들국전주상부제적으면라만내과와우장동구여방"
    "비화보성경소원문세생공신연때거오위조관학말요업모금산진되행분야발치간선실통물명개당계미회결중현무식합예마유후"
    "단교및저람까출청심받님또달없했습니운안점민날살력특차입설체종역터히속표본집약영활알감양반강급음트드스르노데러"
    "네었였겠씨쪽백흑승패불계덤바둑착수초프로단급기전왕배";

[[nodiscard]] std::vector<char32_t> code_points(std::string_view s) {
    std::vector<char32_t> v;
    const uchar* p = bytes_of(s);
    for (std::size_t i = 0; i < s.size();) {
        const auto st = utf8_next(p + i, s.size() - i);
        if (st.valid) v.push_back(utf8_decode(p + i, st.length));
        i += st.length;
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

enum class language { zh_hans, zh_hant, ja, ko };
constexpr std::array<std::string_view, 4> language_names{"simplified Chinese", "traditional Chinese", "Japanese",
                                                         "Korean"};

[[nodiscard]] bool frequent(language lang, char32_t cp) {
    static const std::array<std::vector<char32_t>, 4> sets{code_points(frequent_zh_hans), code_points(frequent_zh_hant),
                                                           code_points(frequent_ja), code_points(frequent_ko)};
    if (lang == language::ja && ((cp >= 0x3041 && cp <= 0x30FF) || cp == 0x3005)) return true;  // kana, 々
    const auto& s = sets[static_cast<std::size_t>(lang)];
    return std::binary_search(s.begin(), s.end(), cp);
}

// How typical a character is of text in its charset, from the byte ranges the charsets
// were laid out in (most frequent characters first): GB2312 level 1, Big5 frequent
// hanzi, KS X 1001 Hangul, JIS X 0208 level 1 and kana are common; level 2 and hanja are
// rare; half-width katakana, vendor extensions and user-defined areas are unlikely.
enum class byte_class { common, symbol, rare, unlikely };

[[nodiscard]] byte_class classify(family f, const uchar* p, std::size_t len) noexcept {
    const uchar a = p[0], b = len > 1 ? p[1] : 0;
    switch (f) {
        case family::gb18030:
            if (len == 4) return byte_class::unlikely;
            if (b >= 0xA1 && in(a, 0xB0, 0xD7)) return byte_class::common;
            if (b >= 0xA1 && in(a, 0xA1, 0xA9)) return byte_class::symbol;
            if (b >= 0xA1 && in(a, 0xD8, 0xF7)) return byte_class::rare;
            return byte_class::unlikely;  // GBK extensions
        case family::big5: {
            const unsigned c = (unsigned{a} << 8) | b;
            if (c >= 0xA440 && c <= 0xC67E) return byte_class::common;
            if (c >= 0xA140 && c <= 0xA3BF) return byte_class::symbol;
            if (c >= 0xC940 && c <= 0xF9D5) return byte_class::rare;
            return byte_class::unlikely;
        }
        case family::cp949:
            if (b >= 0xA1 && in(a, 0xB0, 0xC8)) return byte_class::common;
            if (b >= 0xA1 && in(a, 0xA1, 0xAC)) return byte_class::symbol;
            if (b >= 0xA1 && in(a, 0xCA, 0xFD)) return byte_class::rare;
            return byte_class::unlikely;  // UHC extensions
        case family::sjis: {
            if (len == 1) return byte_class::unlikely;  // half-width katakana
            const unsigned c = (unsigned{a} << 8) | b;
            if (c >= 0x8140 && c <= 0x81FC) return byte_class::symbol;
            if (c >= 0x829F && c <= 0x8396) return byte_class::common;  // kana
            if (c >= 0x889F && c <= 0x9872) return byte_class::common;
            if (c >= 0x989F && c <= 0xEAA4) return byte_class::rare;
            if (a < 0x88) return byte_class::symbol;
            return byte_class::unlikely;
        }
        case family::eucjp:
            if (a == 0x8E || a == 0x8F) return byte_class::unlikely;
            if (in(a, 0xA4, 0xA5)) return byte_class::common;  // kana
            if (in(a, 0xB0, 0xCF)) return byte_class::common;
            if (in(a, 0xA1, 0xA8)) return byte_class::symbol;
            if (in(a, 0xD0, 0xF4)) return byte_class::rare;
            return byte_class::unlikely;
        default: return byte_class::rare;
    }
}

struct candidate_score {
    std::string_view charset;
    long score = 0;
    std::size_t characters = 0;
    std::size_t invalid = 0;
    std::size_t frequent = 0;  // frequent characters (CJK), accented letters in words (Latin)
    std::string_view language;  // of the frequency list (CJK only)
};

// Scores: an invalid sequence costs far more than any character earns, so a charset the
// bytes are not valid in loses to one they are; among valid ones, frequent characters win.
constexpr long invalid_cost = -12;

struct cjk_sink {
    std::string_view in;
    family f;
    language lang;
    candidate_score& s;
    void ascii(std::size_t, std::size_t) {}
    void character(std::size_t off, std::size_t len, std::string_view u8) {
        if (len == 0 || static_cast<uchar>(in[off]) < 0x80) return;  // ASCII inside a chunk
        const uchar* p = bytes_of(in) + off;
        ++s.characters;
        const uchar* o = bytes_of(u8);
        const char32_t cp = u8.empty() ? 0 : utf8_decode(o, utf8_next(o, u8.size()).length);
        long pts = 0;
        if ((cp >= 0xE000 && cp <= 0xF8FF) || (cp >= 0x80 && cp <= 0x9F) || cp >= 0xF0000) {
            pts = -6;  // private use or C1 control: a decoding artefact
        } else if (frequent(lang, cp)) {
            pts = 6;
            ++s.frequent;
        } else if ((cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF5E)) {
            pts = 2;  // CJK punctuation, full-width forms
        } else {
            switch (classify(f, p, len)) {
                case byte_class::common: pts = 2; break;
                case byte_class::symbol: pts = 0; break;
                case byte_class::rare: pts = 0; break;
                case byte_class::unlikely: pts = -3; break;
            }
        }
        if (len > 1 && p[1] < 0x80) pts -= (p[1] == ']' || p[1] == '\\' || p[1] == '[') ? 6 : 2;
        s.score += pts;
    }
    void characters(std::size_t off, std::span<const std::uint8_t> lens, std::string_view u8) {
        std::size_t at = 0;
        for (std::uint8_t len : lens) {
            const std::uint32_t l = lead_length(static_cast<uchar>(u8[at]));
            character(off, len, u8.substr(at, l));
            off += len;
            at += l;
        }
    }
    void invalid(std::size_t, std::size_t) {
        ++s.invalid;
        s.score += invalid_cost;
    }
};

[[nodiscard]] candidate_score score_cjk(std::string_view bytes, std::string_view charset, language lang) {
    const charset_entry& e = entry_named(charset);
    candidate_score s;
    s.charset = e.name;
    s.language = language_names[static_cast<std::size_t>(lang)];
    iconv_handle cd("UTF-8", std::string(e.decoder));
    if (!cd.valid()) {
        s.score = -1000000;
        return s;
    }
    cjk_sink sink{bytes, e.fam, lang, s};
    legacy_decoder<cjk_sink>(bytes, e.fam, cd, sink).run();
    return s;
}

[[nodiscard]] candidate_score score_utf8(std::string_view bytes) {
    candidate_score s;
    s.charset = "UTF-8";
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        const utf8_step st = utf8_next(p + i, n - i);
        if (st.valid) {
            ++s.characters;
            s.score += st.length == 2 ? 4 : 8;  // random bytes rarely form valid sequences
        } else {
            ++s.invalid;
            s.score += invalid_cost;
        }
        i += st.length;
    }
    return s;
}

[[nodiscard]] bool ascii_letter(uchar c) noexcept { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
[[nodiscard]] bool latin1_letter(uchar c) noexcept { return c >= 0xC0 && c != 0xD7 && c != 0xF7; }

// Latin-1 text has accented letters inside words of ASCII letters ("Hrabánek", "créé");
// CJK bytes read as Latin-1 give runs of accented capitals and symbols ("ÅÌÃæ", "°×").
[[nodiscard]] candidate_score score_latin(std::string_view bytes) {
    candidate_score s;
    s.charset = "ISO-8859-1";
    const uchar* p = bytes_of(bytes);
    const std::size_t n = bytes.size();
    bool cp1252 = false, c1 = false;
    std::size_t i = 0;
    while ((i = skip_ascii(p, i, n)) < n) {
        // The word around the high byte: letters of either kind.
        std::size_t a = i, b = i;
        while (a > 0 && (ascii_letter(p[a - 1]) || latin1_letter(p[a - 1]))) --a;
        while (b < n && (ascii_letter(p[b]) || latin1_letter(p[b]) || p[b] >= 0x80)) ++b;
        bool has_ascii = false;
        for (std::size_t k = a; k < b && !has_ascii; ++k) has_ascii = ascii_letter(p[k]);
        for (std::size_t k = i; k < b; ++k) {
            const uchar c = p[k];
            if (c < 0x80) continue;
            ++s.characters;
            if (c <= 0x9F) {
                // Windows-1252 punctuation (’ “ ” – — … €) or, for the five it leaves
                // undefined, a C1 control that no text contains.
                const bool undefined = c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D;
                if (undefined) {
                    c1 = true;
                    s.score -= 8;
                } else {
                    cp1252 = true;
                    s.score += 1;
                }
            } else if (latin1_letter(c)) {
                if (has_ascii) {
                    s.score += 4;
                    ++s.frequent;
                }
            } else if (c == 0xD7 || c == 0xF7) {
                s.score -= 1;
            }
        }
        i = b;
    }
    if (cp1252 && !c1) s.charset = "windows-1252";
    return s;
}

// Cuts the input after the first `limit` non-ASCII bytes, at a byte that is never part of
// a character in any candidate charset (below 0x30, or 0x3A..0x3F: trail bytes start at
// 0x40 and GB18030's four-byte sequences use digits), or failing one nearby, anyway.
[[nodiscard]] std::string_view sample(std::string_view bytes, std::size_t limit) noexcept {
    std::size_t high = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (static_cast<uchar>(bytes[i]) < 0x80 || ++high < limit) continue;
        const std::size_t stop = std::min(bytes.size(), i + 4096);
        for (std::size_t j = i; j < stop; ++j) {
            const auto c = static_cast<uchar>(bytes[j]);
            if (c < 0x30 || (c >= 0x3A && c < 0x40)) return bytes.substr(0, j);
        }
        return bytes.substr(0, stop);
    }
    return bytes;
}

[[nodiscard]] std::string percent(std::size_t part, std::size_t whole) {
    return std::to_string(whole == 0 ? 0 : part * 100 / whole) + "%";
}

[[nodiscard]] std::string plural(std::size_t n, std::string_view word) {
    std::string s = std::to_string(n) + " " + std::string(word);
    if (n != 1) s += 's';
    return s;
}

// UTF-32 or UTF-16 told by where the NUL bytes of ASCII text fall in each unit, if they do.
std::optional<charset_guess> guess_by_nuls(std::string_view bytes) {
    charset_guess g;
    const nul_counts nuls = count_nuls(bytes);
    const std::size_t quads = nuls.units;
    if (quads >= 2) {
        const std::size_t pairs = quads * 2;
        auto utf_try = [&](std::string_view cs, std::size_t hits, std::size_t total, std::string_view where) {
            const decoded d = decode_to_utf8(bytes, cs);
            g.charset = cs;
            g.confidence = d.invalid.empty() ? guess_confidence::high : guess_confidence::medium;
            g.invalid = d.invalid.size();
            g.reason = "NUL bytes " + std::string(where) + " (" + percent(hits, total) + " of them), as in ASCII text in " +
                       std::string(cs) + "; " + plural(g.invalid, "invalid sequence");
        };
        const std::size_t odd = nuls.at[1] + nuls.at[3], even = nuls.at[0] + nuls.at[2];
        if (nuls.at[2] + nuls.at[3] >= quads * 18 / 10 && nuls.at[0] * 4 < quads) {
            utf_try("UTF-32LE", nuls.at[2] + nuls.at[3], quads * 2, "in the upper half of each 4-byte unit");
            return g;
        }
        if (nuls.at[0] + nuls.at[1] >= quads * 18 / 10 && nuls.at[3] * 4 < quads) {
            utf_try("UTF-32BE", nuls.at[0] + nuls.at[1], quads * 2, "in the upper half of each 4-byte unit");
            return g;
        }
        if (odd * 4 >= pairs && even * 10 <= odd) {
            utf_try("UTF-16LE", odd, pairs, "at odd offsets");
            return g;
        }
        if (even * 4 >= pairs && odd * 10 <= even) {
            utf_try("UTF-16BE", even, pairs, "at even offsets");
            return g;
        }
    }
    return std::nullopt;
}

// Bytes that are neither ASCII nor valid UTF-8: the best scoring of UTF-8 with damage, Latin-1
// and the CJK charsets on a sample, with the margin over the next best as its confidence.
charset_guess guess_by_scores(std::string_view bytes) {
    charset_guess g;
    const std::string_view sample_bytes = sample(bytes, 1 << 16);
    std::vector<candidate_score> cands;
    cands.push_back(score_utf8(sample_bytes));
    cands.push_back(score_latin(sample_bytes));
    cands.push_back(score_cjk(sample_bytes, "GB18030", language::zh_hans));
    cands.push_back(score_cjk(sample_bytes, "EUC-KR", language::ko));
    cands.push_back(score_cjk(sample_bytes, "Big5", language::zh_hant));
    cands.push_back(score_cjk(sample_bytes, "Shift_JIS", language::ja));
    cands.push_back(score_cjk(sample_bytes, "EUC-JP", language::ja));
    // Stable: on a tie the earlier (more common in SGF files) candidate wins.
    std::stable_sort(cands.begin(), cands.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
    const candidate_score& best = cands[0];
    const candidate_score& next = cands[1];

    g.charset = best.charset;
    g.characters = best.characters;
    g.invalid = best.invalid;
    const long margin = best.score - next.score;
    // A few invalid sequences among many valid ones are damage (truncated names), not a
    // sign of another charset; for the legacy charsets any invalid sequence is.
    const bool clean = best.invalid == 0 || (best.charset == "UTF-8" && best.characters >= 4 * best.invalid);
    g.confidence = best.score > 0 && clean && margin >= 12 && margin * 4 >= best.score ? guess_confidence::medium
                                                                                       : guess_confidence::low;
    g.reason = "not valid UTF-8; ";
    if (best.charset == "UTF-8")
        g.reason += "UTF-8 with damage: " + plural(best.characters, "valid multi-byte character") + " and " +
                    plural(best.invalid, "invalid sequence");
    else if (best.language.empty())
        g.reason += "reads as " + std::string(best.charset) + ": " + plural(best.frequent, "accented letter") +
                    " inside words, " + plural(best.characters, "non-ASCII byte") + " in all";
    else
        g.reason += "decodes as " + std::string(best.charset) + ": " + plural(best.characters, "multi-byte character") +
                    ", " + std::to_string(best.frequent) + " of them frequent in " + std::string(best.language) + ", " +
                    plural(best.invalid, "invalid sequence");
    g.reason += " (score " + std::to_string(best.score) + "; next best " + std::string(next.charset) + ", " +
                std::to_string(next.score) + ")";
    if (sample_bytes.size() < bytes.size()) g.reason += "; judged on the first " + plural(sample_bytes.size(), "byte");
    return g;
}

}  // namespace

charset_guess guess_charset(std::string_view bytes) {
    charset_guess g;
    if (const auto bom = detect_bom(bytes)) {
        g.charset = bom->charset;
        g.confidence = guess_confidence::certain;
        const decoded d = decode_to_utf8(bytes, bom->charset);
        g.invalid = d.invalid.size();
        g.reason = "byte order mark for " + std::string(bom->charset);
        if (g.invalid > 0) g.reason += "; " + plural(g.invalid, "invalid sequence") + " after it";
        return g;
    }

    // UTF-32 and UTF-16 before UTF-8: ASCII text in them is valid UTF-8 too, NULs and all.
    if (auto by_nuls = guess_by_nuls(bytes)) return *by_nuls;

    const uchar* p = bytes_of(bytes);
    if (skip_ascii(p, 0, bytes.size()) == bytes.size()) {
        g.charset = "US-ASCII";
        g.confidence = guess_confidence::certain;
        g.reason = "all " + plural(bytes.size(), "byte") + " are ASCII, the same in every ASCII-compatible charset";
        return g;
    }

    if (is_valid_utf8(bytes)) {
        const candidate_score s = score_utf8(bytes);
        g.charset = "UTF-8";
        g.confidence = guess_confidence::high;
        g.characters = s.characters;
        g.reason = "valid UTF-8 with " + plural(s.characters, "multi-byte character");
        return g;
    }

    return guess_by_scores(bytes);
}

}  // namespace sgf
