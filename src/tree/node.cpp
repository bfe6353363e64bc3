// The tree's views and nodes: property, value ranges, node lookups and node edits (each edit
// writes the new node's text once: tree/edit.hpp). The game trees are in tree.cpp.
#include <stdexcept>

#include "tree/edit.hpp"
#include "tree/node_reader.hpp"
#include "tree/tree_rep.hpp"

namespace sgf {

namespace detail {

// Static storage that is never freed (a handle may be used until the process ends); the
// shared_ptr owns nothing, so copying it touches no reference count.
const std::shared_ptr<const source>& empty_source() noexcept {
    static const auto* const handle =
        new std::shared_ptr<const source>(std::shared_ptr<const source>(), new source(std::string(";"), true));
    return *handle;
}

}  // namespace detail

using detail::tree_access;

// --- property ---------------------------------------------------------------------------

position property::pos() const { return src_ ? src_->position_of(ref_.ident) : position{}; }

std::vector<value> property::values() const { return {begin(), end()}; }

value property::operator[](std::size_t i) const {
    if (i >= ref_.count) throw std::out_of_range("property value index");
    auto it = begin();
    while (i--) ++it;
    return *it;
}

property_range::property_range(property_range&& o) noexcept
    : data_(o.data_), end_(o.end_), src_(o.src_), offset_(o.offset_), keep_(std::move(o.keep_)) {
    o.become_empty();
}

property_range& property_range::operator=(property_range&& o) noexcept {
    if (this != &o) {
        data_ = o.data_;
        end_ = o.end_;
        src_ = o.src_;
        offset_ = o.offset_;
        keep_ = std::move(o.keep_);
        o.become_empty();
    }
    return *this;
}

void property_range::become_empty() noexcept {
    const detail::source* e = detail::empty_source().get();
    data_ = e->data();
    end_ = e->data() + e->bytes.size();
    src_ = e;
    offset_ = 0;
    keep_.reset();
}

std::size_t property_range::count() const {
    detail::node_reader r(data_, end_, offset_);
    detail::property_ref p;
    std::size_t n = 0;
    while (r.next(p)) ++n;
    return n;
}

// --- node -------------------------------------------------------------------------------

position node::pos() const { return src_->position_of(off_); }

property_range node::properties() const& { return tree_access::make_range(src_.get(), off_); }
property_range node::properties() && {
    const detail::source* s = src_.get();
    return tree_access::make_range(s, off_, keep_alive());
}

namespace {
std::optional<detail::property_ref> find_ref(const detail::source& src, std::uint32_t offset, std::string_view ident) {
    detail::node_reader r = detail::reader_of(src, offset);
    detail::property_ref p;
    while (r.next(p))
        if (p.ident_size == ident.size() && std::string_view(src.data() + p.ident, p.ident_size) == ident) return p;
    return std::nullopt;
}
}  // namespace

std::optional<property> node::find(std::string_view ident) const& {
    const auto p = find_ref(*src_, off_, ident);
    if (!p) return std::nullopt;
    return tree_access::make_property(src_.get(), *p);
}

std::optional<property> node::find(std::string_view ident) && {
    const auto p = find_ref(*src_, off_, ident);
    if (!p) return std::nullopt;
    const detail::source* s = src_.get();
    return tree_access::make_property(s, *p, keep_alive());
}

bool node::has(std::string_view ident) const { return find_ref(*src_, off_, ident).has_value(); }

bool node::empty() const {
    detail::node_reader r = detail::reader_of(*src_, off_);
    detail::property_ref p;
    return !r.next(p);
}

node node::with_property(std::string_view ident, const std::vector<std::string>& texts) const& {
    detail::check_ident(ident);
    if (texts.empty()) throw std::invalid_argument("a property needs at least one value");
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto& t : texts) detail::append_text_value(out, t);
    });
}

node node::with_property(std::string_view ident, std::initializer_list<std::string_view> texts) const& {
    detail::check_ident(ident);
    if (texts.size() == 0) throw std::invalid_argument("a property needs at least one value");
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto t : texts) detail::append_text_value(out, t);
    });
}

node node::with_composed_property(std::string_view ident, std::initializer_list<composed_text> values) const& {
    std::vector<std::pair<std::string, std::string>> parts;
    parts.reserve(values.size());
    for (const composed_text& v : values) parts.emplace_back(v.first, v.second);
    return with_composed_property(ident, parts);
}

node node::with_composed_property(std::string_view ident,
                                  const std::vector<std::pair<std::string, std::string>>& values) const& {
    detail::check_ident(ident);
    if (values.empty()) throw std::invalid_argument("a property needs at least one value");
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto& [first, second] : values) {
            // Every ':' inside a part escaped: the one written between them is the separator.
            out += '[';
            out += escape(first, true);
            out += ':';
            out += escape(second, true);
            out += ']';
        }
    });
}

node node::with_raw_property(std::string_view ident, const std::vector<std::string>& raw_values) const& {
    detail::check_ident(ident);
    if (raw_values.empty()) throw std::invalid_argument("a property needs at least one value");
    for (const auto& r : raw_values) detail::check_raw(r);
    return detail::node_with(*this, ident, [&](std::string& out) {
        out += ident;
        for (const auto& r : raw_values) {
            out += '[';
            out += r;
            out += ']';
        }
    });
}

node node::without_property(std::string_view ident) const& {
    if (!has(ident)) return *this;
    return detail::node_with(*this, ident, nullptr);
}

bool operator==(const node& a, const node& b) {
    if (a.same(b)) return true;
    const property_range ra = a.properties();
    const property_range rb = b.properties();
    auto ia = ra.begin();
    auto ib = rb.begin();
    const auto end = property_range::iterator();
    for (; ia != end && ib != end; ++ia, ++ib) {
        if (ia->ident() != ib->ident() || ia->size() != ib->size()) return false;
        auto vb = ib->begin();
        for (const value& va : *ia) {
            const value w = *vb++;
            if (va.raw() != w.raw() && canonical_raw(va.raw()) != canonical_raw(w.raw())) return false;
        }
    }
    return ia == end && ib == end;
}

}  // namespace sgf
