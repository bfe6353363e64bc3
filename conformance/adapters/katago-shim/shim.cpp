// Shim (see README.md): the definitions behind the declarations of this folder. What the
// reader uses works; the rest throws StringError naming itself (reported as a crash).
#include <cstdarg>
#include <fstream>
#include <iterator>

#include "core/fileutils.h"
#include "core/global.h"
#include "core/hash.h"
#include "core/sha2.h"
#include "dataio/trainingwrite.h"
#include "game/board.h"
#include "game/boardhistory.h"
#include "program/playutils.h"

#define NOT_IN_SHIM(what) throw StringError(what ": not in the shim (KataGo training code, not the reader)")

std::string Global::strprintf(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char buf[4096];
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}
bool Global::tryStringToInt(const std::string& s, int& x) {
    // as KataGo: the whole string, optional white space around, no overflow
    std::istringstream in(s);
    long long v = 0;
    in >> v;
    if (in.fail()) return false;
    in >> std::ws;
    if (!in.eof() || v < INT32_MIN || v > INT32_MAX) return false;
    x = static_cast<int>(v);
    return true;
}
bool Global::tryStringToDouble(const std::string& s, double& x) {
    std::istringstream in(s);
    in >> x;
    if (in.fail()) return false;
    in >> std::ws;
    return in.eof();
}
bool Global::tryStringToFloat(const std::string& s, float& x) {
    double d = 0;
    if (!tryStringToDouble(s, d)) return false;
    x = static_cast<float>(d);
    return true;
}
int Global::stringToInt(const std::string& s) {
    int x = 0;
    if (!tryStringToInt(s, x)) throw StringError("could not parse int: " + s);
    return x;
}
std::string Global::trim(const std::string& s, const char* delims) {
    const auto b = s.find_first_not_of(delims);
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(delims) - b + 1);
}
std::string Global::toLower(const std::string& s) {
    std::string o = s;
    for (char& c : o) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return o;
}
std::string Global::toUpper(const std::string& s) {
    std::string o = s;
    for (char& c : o) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return o;
}
bool Global::isPrefix(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }
bool Global::isSuffix(const std::string& s, const std::string& p) { return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0; }
std::string Global::chopPrefix(const std::string& s, const std::string& p) { return isPrefix(s, p) ? s.substr(p.size()) : s; }
std::string Global::chopSuffix(const std::string& s, const std::string& p) { return isSuffix(s, p) ? s.substr(0, s.size() - p.size()) : s; }
std::vector<std::string> Global::split(const std::string& s, char delim) {
    std::vector<std::string> out;
    std::string cur;
    for (const char c : s) {
        if (c == delim) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}
std::vector<std::string> Global::split(const std::string& s) {
    std::istringstream in(s);
    return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}
std::string Global::stripComments(const std::string& s) { return s.substr(0, s.find('#')); }

std::string Hash128::toString() const {
    char b[40];
    std::snprintf(b, sizeof b, "%016llX%016llX", static_cast<unsigned long long>(hash1), static_cast<unsigned long long>(hash0));
    return b;
}
Hash128 Hash128::ofString(const std::string&) { NOT_IN_SHIM("Hash128::ofString"); }
std::ostream& operator<<(std::ostream& out, const Hash128& h) { return out << h.toString(); }
uint64_t Hash::simpleHash(const char*) { NOT_IN_SHIM("Hash::simpleHash"); }
uint64_t Hash::murmurMix(uint64_t) { NOT_IN_SHIM("Hash::murmurMix"); }
uint64_t Hash::splitMix64(uint64_t) { NOT_IN_SHIM("Hash::splitMix64"); }

void SHA2::get256(const char* msg, uint64_t hash[4]) {
    // FNV-1a with four offsets: the reader only stores the value (a game's name)
    for (int k = 0; k < 4; ++k) {
        uint64_t h = 1469598103934665603ULL ^ (static_cast<uint64_t>(k) * 0x9e3779b97f4a7c15ULL);
        for (const char* p = msg; *p; ++p) h = (h ^ static_cast<unsigned char>(*p)) * 1099511628211ULL;
        hash[k] = h;
    }
}

std::string FileUtils::readFile(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw IOError("Could not open file " + file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
std::vector<std::string> FileUtils::readFileLines(const std::string& file, char delimiter) {
    return Global::split(readFile(file), delimiter);
}

std::string Location::toString(Loc loc, int x_size, int) {
    if (loc == Board::PASS_LOC) return "pass";
    return std::to_string(getX(loc, x_size)) + "," + std::to_string(getY(loc, x_size));
}
std::string Location::toString(Loc loc, const Board& b) { return toString(loc, b.x_size, b.y_size); }
bool Location::tryOfString(const std::string&, int, int, Loc&) { NOT_IN_SHIM("Location::tryOfString"); }
Loc Location::ofString(const std::string&, int, int) { NOT_IN_SHIM("Location::ofString"); }
Loc Location::ofString(const std::string&, const Board&) { NOT_IN_SHIM("Location::ofString"); }

std::string PlayerIO::playerToString(Player p) { return p == P_BLACK ? "Black" : p == P_WHITE ? "White" : "Empty"; }
std::string PlayerIO::playerToStringShort(Player p) { return p == P_BLACK ? "B" : p == P_WHITE ? "W" : "E"; }
bool PlayerIO::tryParsePlayer(const std::string& s, Player& pla) {
    const std::string t = Global::toLower(s);
    if (t == "b" || t == "black") pla = P_BLACK;
    else if (t == "w" || t == "white") pla = P_WHITE;
    else return false;
    return true;
}
Player PlayerIO::parsePlayer(const std::string& s) {
    Player p = C_EMPTY;
    if (!tryParsePlayer(s, p)) throw StringError("Could not parse player: " + s);
    return p;
}

Hash128 Board::ZOBRIST_KO_LOC_HASH[Board::MAX_ARR_SIZE];
Hash128 Board::ZOBRIST_PLAYER_HASH[4];
Board::Board() = default;
Board::Board(int x, int y) : x_size(x), y_size(y) {}
bool Board::isLegal(Loc, Player, bool) const { NOT_IN_SHIM("Board::isLegal"); }
bool Board::isIllegalSuicide(Loc, Player, bool) const { NOT_IN_SHIM("Board::isIllegalSuicide"); }
bool Board::isOnBoard(Loc) const { NOT_IN_SHIM("Board::isOnBoard"); }
bool Board::setStonesFailIfNoLibs(const std::vector<Move>&) { NOT_IN_SHIM("Board::setStonesFailIfNoLibs"); }
bool Board::setStoneFailIfNoLibs(Loc, Color) { NOT_IN_SHIM("Board::setStoneFailIfNoLibs"); }
int Board::setStonesTolerant(const std::vector<Move>&) { NOT_IN_SHIM("Board::setStonesTolerant"); }
bool Board::isKoBanned(Loc) const { NOT_IN_SHIM("Board::isKoBanned"); }
void Board::setStone(Loc, Color) { NOT_IN_SHIM("Board::setStone"); }
void Board::clearSimpleKoLoc() { NOT_IN_SHIM("Board::clearSimpleKoLoc"); }
int Board::numStonesOnBoard() const { NOT_IN_SHIM("Board::numStonesOnBoard"); }
bool Board::isEqualForTesting(const Board&, bool, bool) const { NOT_IN_SHIM("Board::isEqualForTesting"); }
void Board::printBoard(std::ostream&, const Board&, Loc, const std::vector<Move>*) { NOT_IN_SHIM("Board::printBoard"); }
std::string Board::toStringSimple(const Board&, char) { NOT_IN_SHIM("Board::toStringSimple"); }
Board Board::parseBoard(int, int, const std::string&, char) { NOT_IN_SHIM("Board::parseBoard"); }

bool Rules::operator==(const Rules& o) const {
    return koRule == o.koRule && scoringRule == o.scoringRule && taxRule == o.taxRule &&
           multiStoneSuicideLegal == o.multiStoneSuicideLegal && hasButton == o.hasButton && komi == o.komi;
}
Rules Rules::getTrompTaylorish() { return Rules(); }
Rules Rules::getSimpleTerritory() { NOT_IN_SHIM("Rules::getSimpleTerritory"); }
bool Rules::komiIsIntOrHalfInt(float komi) { return komi * 2 == static_cast<float>(static_cast<int>(komi * 2)); }
bool Rules::tryParseRules(const std::string& s, Rules& buf) {
    // the names KataGo knows for the RU values of real files (its rules.cpp parses more forms)
    const std::string t = Global::toLower(Global::trim(s));
    Rules r;
    if (t == "japanese" || t == "korean") {
        r.scoringRule = SCORING_TERRITORY;
        r.koRule = KO_SIMPLE;
        r.multiStoneSuicideLegal = false;
        r.taxRule = TAX_SEKI;
    } else if (t == "chinese") {
        r.koRule = KO_SIMPLE;
        r.multiStoneSuicideLegal = false;
    } else if (t == "aga" || t == "bga" || t == "french") {
        r.koRule = KO_SITUATIONAL;
        r.multiStoneSuicideLegal = false;
    } else if (t == "new-zealand" || t == "new zealand" || t == "nz") {
        r.koRule = KO_SITUATIONAL;
    } else if (t == "tromp-taylor" || t == "tromp_taylor" || t == "tromptaylor") {
        r.koRule = KO_POSITIONAL;
    } else {
        return false;
    }
    buf = r;
    return true;
}
Rules Rules::parseRules(const std::string& s) {
    Rules r;
    if (!tryParseRules(s, r)) throw StringError("Could not parse rules: " + s);
    return r;
}
std::string Rules::toString() const { NOT_IN_SHIM("Rules::toString"); }
std::string Rules::toStringNoKomi() const { NOT_IN_SHIM("Rules::toStringNoKomi"); }
std::string Rules::toStringNoKomiMaybeNice() const { NOT_IN_SHIM("Rules::toStringNoKomiMaybeNice"); }

BoardHistory::BoardHistory() = default;
BoardHistory::BoardHistory(const Board&, Player, const Rules&, int, bool) { NOT_IN_SHIM("BoardHistory"); }
bool BoardHistory::hasBlackPassOrWhiteFirst() const { NOT_IN_SHIM("BoardHistory::hasBlackPassOrWhiteFirst"); }
void BoardHistory::clear(const Board&, Player, const Rules&, int) { NOT_IN_SHIM("BoardHistory::clear"); }
void BoardHistory::setInitialTurnNumber(int64_t) { NOT_IN_SHIM("BoardHistory::setInitialTurnNumber"); }
void BoardHistory::setAlwaysComputePassAliveUnderSuicideRules(bool) { NOT_IN_SHIM("BoardHistory::setAlwaysComputePassAliveUnderSuicideRules"); }
void BoardHistory::setAssumeMultipleStartingBlackMovesAreHandicap(bool) { NOT_IN_SHIM("BoardHistory::setAssumeMultipleStartingBlackMovesAreHandicap"); }
int BoardHistory::computeNumHandicapStones() const { NOT_IN_SHIM("BoardHistory::computeNumHandicapStones"); }
bool BoardHistory::isLegal(const Board&, Loc, Player) const { NOT_IN_SHIM("BoardHistory::isLegal"); }
bool BoardHistory::isLegalTolerant(const Board&, Loc, Player) const { NOT_IN_SHIM("BoardHistory::isLegalTolerant"); }
bool BoardHistory::makeBoardMoveTolerant(Board&, Loc, Player) { NOT_IN_SHIM("BoardHistory::makeBoardMoveTolerant"); }
bool BoardHistory::makeBoardMoveTolerant(Board&, Loc, Player, bool) { NOT_IN_SHIM("BoardHistory::makeBoardMoveTolerant"); }
void BoardHistory::makeBoardMoveAssumeLegal(Board&, Loc, Player, const void*) { NOT_IN_SHIM("BoardHistory::makeBoardMoveAssumeLegal"); }
void BoardHistory::makeBoardMoveAssumeLegal(Board&, Loc, Player, const void*, bool) { NOT_IN_SHIM("BoardHistory::makeBoardMoveAssumeLegal"); }
bool BoardHistory::isKoBanned(int) const { NOT_IN_SHIM("BoardHistory::isKoBanned"); }
bool BoardHistory::isPassForKo(const Board&, Loc, Player) const { NOT_IN_SHIM("BoardHistory::isPassForKo"); }
const Board& BoardHistory::getRecentBoard(int) const { NOT_IN_SHIM("BoardHistory::getRecentBoard"); }
bool BoardHistory::setStonesTolerant(Board&, const std::vector<Move>&) const { NOT_IN_SHIM("BoardHistory::setStonesTolerant"); }

SimpleDate::SimpleDate(const std::string&) { NOT_IN_SHIM("SimpleDate"); }
bool SimpleDate::operator<(const SimpleDate&) const { NOT_IN_SHIM("SimpleDate::operator<"); }
bool FileHelpers::isMultiSgfs(const std::string&) { NOT_IN_SHIM("FileHelpers::isMultiSgfs"); }
Board SymmetryHelpers::getSymBoard(const Board&, int) { NOT_IN_SHIM("SymmetryHelpers::getSymBoard"); }
void PlayUtils::placeFixedHandicap(Board&, int) { NOT_IN_SHIM("PlayUtils::placeFixedHandicap"); }
