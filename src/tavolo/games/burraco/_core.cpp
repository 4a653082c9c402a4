// The compiled Burraco core (issue 27): the state, legal moves, apply, meld checks and scoring
// of tavolo.games.burraco.state, kept equal to it action by action (tests/burraco/
// test_native_differential.py), with a seat's observation fields and its RL tensor and mask
// (tavolo.rl.tensors). A plain CPython C-API extension written in C++17 with no dependency but
// the compiler; the Python side (native.py) turns a state into the reference BurracoState for
// everything else (JSON, notation, words, refusals).
//
// Layout (docs/compiled-engine.md): one fixed-size struct Core per state, no pointers but the
// history and the hand results (grown by doubling, outside the hot path); hands as count bytes
// plus a bit-packed presence word (bit c: the card type c is held) and per-suit run masks;
// melds packed in 32-bit words. Legal moves are generated into a caller's buffer: nothing is
// allocated while a hand is played.

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <chrono>
#include <ctime>
#include <cmath>

namespace {

constexpr int JOKER = 52;
constexpr int NUM_TYPES = 53;
constexpr int MAX_SEATS = 6;
constexpr int MAX_MELDS = 54;
constexpr int MAX_CARDS = 162;
constexpr int MAX_POZZ = 18;
constexpr int MAX_LEGAL = 4096;
constexpr int HAND_SIZE = 11;
constexpr int BURRACO_SIZE = 7;
constexpr int MAX_GROUP_NATURALS = 8;
constexpr int NUM_RULE_SETS = 3;  // fibur, fedibur1985, internazionale (rules.RULE_SETS)

constexpr int DRAW = 0;
constexpr int TAKE = 1;
constexpr int DISCARD_BASE = 2;
constexpr int OPEN_BASE = DISCARD_BASE + NUM_TYPES;
// ATTACH_BASE, NUM_ACTIONS: from the template table given by Python (setup()).
int ATTACH_BASE = 0;
int NUM_ACTIONS = 0;

enum Phase : uint8_t { DEAL = 0, DRAW_PHASE = 1, PLAY = 2, OVER = 3 };
enum Kind : uint8_t { NOT_BURRACO = 0, DIRTY = 1, SEMICLEAN = 2, CLEAN = 3 };
constexpr int KIND_BONUS[4] = {0, 100, 150, 200};
enum EndedBy : uint8_t { BY_CLOSING = 0, BY_STOCK = 1, BY_TIME_OUT = 2 };

constexpr int WILDS[5] = {52, 1, 14, 27, 40};  // joker, then the pinelle by suit
inline int two_of(int suit) { return suit * 13 + 1; }
inline bool is_wild(int c) { return c == JOKER || c % 13 == 1; }
inline int wild_index(int c) { return c == JOKER ? 0 : 1 + c / 13; }
inline int suit_of(int c) { return c / 13; }
inline int rank_of(int c) { return c % 13 + 1; }  // not for the joker
inline int card_points(int c) {
    if (c == JOKER) return 30;
    int r = c % 13 + 1;
    if (r == 2) return 20;
    if (r == 1) return 15;
    return r >= 8 ? 10 : 5;
}
inline uint16_t run_bits(int c) {  // positions in the suit's run mask: the ace both 1 and 14
    if (c == JOKER) return 0;
    return c % 13 == 0 ? (uint16_t)((1u << 1) | (1u << 14)) : (uint16_t)(1u << (c % 13 + 1));
}
inline int position_card(int suit, int p) { return suit * 13 + (p == 14 ? 0 : p - 1); }
inline bool span_ok(int lo, int hi) { return 1 <= lo && hi <= 14 && !(lo == 1 && hi == 14); }

// --- melds packed in 32 bits ---------------------------------------------------------------
// Run:   suit 0-1 | lo 2-5 | hi 6-9 | wild 10-12 (0 none, 1..5 WILDS index + 1) | gap 13-16
// Group: bit 31 | rank 0-3 | counts per suit 4-19 (4 bits each) | wild 20-22
constexpr uint32_t GROUP_BIT = 1u << 31;

inline uint32_t pack_run(int s, int lo, int hi, int wild, int gap) {
    uint32_t w = wild < 0 ? 0 : (uint32_t)wild_index(wild) + 1;
    return (uint32_t)s | (uint32_t)lo << 2 | (uint32_t)hi << 6 | w << 10 | (uint32_t)gap << 13;
}
inline uint32_t pack_group(int rank, const int counts[4], int wild) {
    uint32_t w = wild < 0 ? 0 : (uint32_t)wild_index(wild) + 1;
    return GROUP_BIT | (uint32_t)rank | (uint32_t)counts[0] << 4 | (uint32_t)counts[1] << 8 |
           (uint32_t)counts[2] << 12 | (uint32_t)counts[3] << 16 | w << 20;
}
inline bool is_group(uint32_t m) { return m & GROUP_BIT; }
inline int run_suit(uint32_t m) { return m & 3; }
inline int run_lo(uint32_t m) { return (m >> 2) & 15; }
inline int run_hi(uint32_t m) { return (m >> 6) & 15; }
inline int meld_wild(uint32_t m) {  // the wild card, or -1
    uint32_t w = is_group(m) ? (m >> 20) & 7 : (m >> 10) & 7;
    return w ? WILDS[w - 1] : -1;
}
inline int run_gap(uint32_t m) { return (m >> 13) & 15; }
inline int group_rank(uint32_t m) { return m & 15; }
inline int group_count(uint32_t m, int s) { return (m >> (4 + 4 * s)) & 15; }
inline int group_naturals(uint32_t m) {
    return group_count(m, 0) + group_count(m, 1) + group_count(m, 2) + group_count(m, 3);
}

inline uint32_t normal_run(int s, int lo, int hi, int wild, int gap) {
    if (gap == 2 && wild == two_of(s)) return pack_run(s, lo, hi, -1, 0);
    return pack_run(s, lo, hi, wild, gap);
}

int meld_size(uint32_t m) {
    if (is_group(m)) return group_naturals(m) + (meld_wild(m) >= 0);
    return run_hi(m) - run_lo(m) + 1 + (meld_wild(m) >= 0 && run_gap(m) == 0);
}

int meld_points(uint32_t m) {
    int wild = meld_wild(m);
    int total = wild >= 0 ? card_points(wild) : 0;
    if (is_group(m)) return total + group_naturals(m) * card_points(group_rank(m) - 1);
    int s = run_suit(m), gap = run_gap(m);
    for (int p = run_lo(m); p <= run_hi(m); ++p)
        if (p != gap) total += card_points(position_card(s, p));
    return total;
}

int burraco_kind(uint32_t m, bool semiclean) {
    if (meld_size(m) < BURRACO_SIZE) return NOT_BURRACO;
    if (meld_wild(m) < 0) return CLEAN;
    if (semiclean) {
        int beside;
        if (is_group(m)) beside = group_naturals(m);
        else if (run_gap(m) == 0) beside = run_hi(m) - run_lo(m) + 1;
        else {
            int a = run_gap(m) - run_lo(m), b = run_hi(m) - run_gap(m);
            beside = a > b ? a : b;
        }
        if (beside >= BURRACO_SIZE) return SEMICLEAN;
    }
    return DIRTY;
}

// What may join a meld: (card, variant, meld after), by card, variants by tag (melds.attachments).
struct Attach {
    uint8_t card, variant, tag;
    uint32_t after;
};
constexpr int MAX_ATTACH = 16;

struct AttachList {
    Attach a[MAX_ATTACH];
    int n = 0;
    void add(int card, int tag, uint32_t after) {
        Attach x{(uint8_t)card, 0, (uint8_t)tag, after};
        int i = n++;  // insertion sort by (card, tag), stable
        while (i > 0 && (a[i - 1].card > x.card || (a[i - 1].card == x.card && a[i - 1].tag > x.tag))) {
            a[i] = a[i - 1];
            --i;
        }
        a[i] = x;
    }
    void number() {
        for (int i = 0; i < n; ++i) a[i].variant = (i > 0 && a[i - 1].card == a[i].card) ? a[i - 1].variant + 1 : 0;
    }
};

void compute_attachments(uint32_t m, AttachList &out) {
    out.n = 0;
    int wild = meld_wild(m);
    if (is_group(m)) {
        int rank = group_rank(m);
        int counts[4] = {group_count(m, 0), group_count(m, 1), group_count(m, 2), group_count(m, 3)};
        if (counts[0] + counts[1] + counts[2] + counts[3] < MAX_GROUP_NATURALS) {
            for (int s = 0; s < 4; ++s) {
                int more[4] = {counts[0], counts[1], counts[2], counts[3]};
                more[s] += 1;
                out.add(s * 13 + rank - 1, 0, pack_group(rank, more, wild));
            }
        }
        if (wild < 0)
            for (int w : WILDS) out.add(w, 0, pack_group(rank, counts, w));
    } else {
        int s = run_suit(m), lo = run_lo(m), hi = run_hi(m), gap = run_gap(m);
        bool free_wild = wild >= 0 && gap == 0;
        if (span_ok(lo - 1, hi)) {
            int below = position_card(s, lo - 1);
            if (free_wild && wild == two_of(s) && lo - 1 == 3) {
                out.add(below, 0, pack_run(s, 2, hi, -1, 0));
                out.add(below, 1, pack_run(s, 3, hi, wild, 0));
            } else {
                out.add(below, 0, pack_run(s, lo - 1, hi, wild, gap));
            }
        }
        if (span_ok(lo, hi + 1)) out.add(position_card(s, hi + 1), 1, pack_run(s, lo, hi + 1, wild, gap));
        if (free_wild) {
            if (span_ok(lo - 2, hi)) out.add(position_card(s, lo - 2), 0, normal_run(s, lo - 2, hi, wild, lo - 1));
            if (span_ok(lo, hi + 2)) out.add(position_card(s, hi + 2), 1, pack_run(s, lo, hi + 2, wild, hi + 1));
        }
        if (wild >= 0 && gap) {
            if (wild == two_of(s) && lo == 3) out.add(position_card(s, gap), 0, pack_run(s, 2, hi, -1, 0));
            out.add(position_card(s, gap), 1, pack_run(s, lo, hi, wild, 0));
        }
        if (wild < 0)
            for (int w : WILDS) out.add(w, 1, pack_run(s, lo, hi, w, 0));
    }
    out.number();
}

// A meld's attachments remembered per meld word (they depend on the word alone) in a
// direct-mapped table: the move generation and strong's planner ask for the same melds' again
// and again. The same list as computed afresh. One table per thread: a search runs without the
// GIL (a bot's thread in the web server must not hold the event loop), and two searches at once
// must not write one entry (a thread-local table costs about 8% of a search).
struct AttachMemo {
    uint32_t word;
    bool set;
    AttachList list;
};
thread_local AttachMemo ATTACH_MEMO[2048];

void attachments(uint32_t m, AttachList &out) {
    AttachMemo &memo = ATTACH_MEMO[(m * 2654435761u) >> 21];
    if (!memo.set || memo.word != m) {
        compute_attachments(m, memo.list);
        memo.word = m, memo.set = true;
    }
    out.n = memo.list.n;
    memcpy(out.a, memo.list.a, sizeof(Attach) * out.n);
}

// --- the opening templates (actions.TEMPLATES), given by Python in setup() ------------------
int NUM_TEMPLATES = 0;
uint32_t *TEMPLATE_MELD = nullptr;
uint8_t (*TEMPLATE_CARDS)[3] = nullptr;
uint64_t MATES[NUM_TYPES];  // cards.MATES: a bit per card type each card goes with (setup())
int16_t NAT3[4][16];
int16_t ADJ[4][16][5];
int16_t GAPT[4][16][5];
int COMBO3[20][4];  // combinations_with_replacement(suits, 3) as counts, in Python's order
int COMBO2[10][4];
int16_t G3[14][20];
int16_t G2[14][10][5];

void build_combos() {
    int k = 0;
    for (int a = 0; a < 4; ++a)
        for (int b = a; b < 4; ++b)
            for (int c = b; c < 4; ++c) {
                int *v = COMBO3[k++];
                v[0] = v[1] = v[2] = v[3] = 0;
                v[a]++, v[b]++, v[c]++;
            }
    k = 0;
    for (int a = 0; a < 4; ++a)
        for (int b = a; b < 4; ++b) {
            int *v = COMBO2[k++];
            v[0] = v[1] = v[2] = v[3] = 0;
            v[a]++, v[b]++;
        }
}

int combo_index(const int counts[4], int total) {
    int (*table)[4] = total == 3 ? COMBO3 : COMBO2;
    int size = total == 3 ? 20 : 10;
    for (int i = 0; i < size; ++i)
        if (!memcmp(table[i], counts, sizeof(int) * 4)) return i;
    return -1;
}

// --- options and state ----------------------------------------------------------------------

struct Options {
    uint8_t n = 4;
    bool semiclean = true, clean_to_close = false, take_needs_meld = false;
    bool lone_vs_pairs = true, pair_half = true;
    int8_t time_out = 1;  // 0 none, 1 codice, 2 fedibur1985
    uint8_t rule_set = 0;  // its index in rules.RULE_SETS, for the RL tensor (fills a padding byte)
    int16_t target = -1;  // -1: none
    int16_t hands = -1;   // -1: none
    int16_t alone_threshold = 1000;
    uint8_t n_group_ranks = 12;
    uint8_t group_ranks[13] = {1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
};

struct SideResult {
    int32_t closing, bonus, melded, in_hand, pozzetto;
    uint8_t kinds[4];  // burraci of each kind (index: Kind)
    uint8_t n_seats, seats[MAX_SEATS];
};

struct HandResult {
    int16_t number;
    uint8_t ended_by, n_sides;
    uint8_t credited_float;  // bit per seat: the pair's points halved (a float in Python)
    SideResult sides[MAX_SEATS];
    double credited[MAX_SEATS];
};

struct Core {
    Options o;
    uint8_t phase, turn, dealer, alone, formed, must_meld, last_turn, timeout;
    int8_t single, closed_by;
    uint16_t turn_no, stall, plays_left, hand_no;
    uint8_t scores_float;  // bit per seat: the score is a float in Python (a halved share was added)
    double scores[MAX_SEATS];
    // hands: count per card type, the bit-packed presence, run masks per suit, naturals per rank
    uint8_t hand[MAX_SEATS][NUM_TYPES];
    uint8_t size[MAX_SEATS];
    uint64_t present[MAX_SEATS];
    uint16_t mask[MAX_SEATS][4];
    uint8_t ranks[MAX_SEATS][14];
    uint16_t pairs[MAX_SEATS];
    uint8_t known[MAX_SEATS][NUM_TYPES];
    uint64_t shunned[MAX_SEATS];  // bit per card type each seat let go this hand: discarded, or left in the pile
    uint8_t pending_len[MAX_SEATS];
    uint8_t pending[MAX_SEATS][MAX_POZZ];
    uint8_t stock_len, pile_len;
    uint8_t stock[MAX_CARDS];
    uint8_t pile[MAX_CARDS];
    uint8_t n_pozz;
    uint8_t pozz_len[MAX_SEATS];
    int8_t pozz_owner[MAX_SEATS];
    uint8_t pozz_taken[MAX_SEATS];
    uint8_t pozz[MAX_SEATS][MAX_POZZ];
    uint8_t n_sides;
    uint8_t side_len[MAX_SEATS];
    uint8_t side_seats[MAX_SEATS][MAX_SEATS];
    uint8_t side_of[MAX_SEATS];
    int8_t side_pozz[MAX_SEATS];
    uint8_t n_melds[MAX_SEATS];
    uint32_t melds[MAX_SEATS][MAX_MELDS];
    // grown outside the hot path
    uint16_t *history;
    uint32_t history_len, history_cap;
    HandResult *results;
    uint32_t results_len, results_cap;
};

// --- hand bookkeeping ----------------------------------------------------------------------

inline void add_card(Core &s, int seat, int card) {
    uint8_t k = ++s.hand[seat][card];
    s.size[seat]++;
    s.present[seat] |= 1ull << card;
    if (card != JOKER) {
        if (k == 1) s.mask[seat][suit_of(card)] |= run_bits(card);
        int r = rank_of(card);
        if (++s.ranks[seat][r] == 2) s.pairs[seat] |= (uint16_t)(1u << r);
    }
}

inline void remove_card(Core &s, int seat, int card) {
    uint8_t k = --s.hand[seat][card];
    s.size[seat]--;
    if (!k) s.present[seat] &= ~(1ull << card);
    if (card != JOKER) {
        if (!k) s.mask[seat][suit_of(card)] &= (uint16_t)~run_bits(card);
        int r = rank_of(card);
        if (--s.ranks[seat][r] == 1) s.pairs[seat] &= (uint16_t)~(1u << r);
    }
    if (s.known[seat][card]) s.known[seat][card]--;
}

bool side_took_pozzetto(const Core &s, int side) {
    if (!s.formed) return false;
    for (int k = 0; k < s.n_pozz; ++k)
        if (s.pozz_taken[k] && s.pozz_owner[k] == side) return true;
    return false;
}

void refresh_side_pozzetti(Core &s) {
    for (int side = 0; side < s.n_sides; ++side) s.side_pozz[side] = s.formed ? -1 : 0;
    if (!s.formed) return;
    for (int k = 0; k < s.n_pozz; ++k)
        if (!s.pozz_taken[k]) s.side_pozz[s.pozz_owner[k]] = (int8_t)k;
}

// --- legal actions -------------------------------------------------------------------------

bool can_close(const Core &s, int side, const uint32_t *melds, int n_melds) {
    if (s.turn_no < s.o.n || !side_took_pozzetto(s, side)) return false;
    for (int i = 0; i < n_melds; ++i) {
        int kind = burraco_kind(melds[i], s.o.semiclean);
        if (kind == CLEAN || (kind != NOT_BURRACO && !s.o.clean_to_close)) return true;
    }
    return false;
}

// Whether a player left holding `left` (n_left cards) with his side's melds can still end the turn.
bool rest_ok(const Core &s, int side, int n_left, int first_left, const uint32_t *melds, int n_melds) {
    if (n_left > 1) return true;
    bool has_pozzetto = s.side_pozz[side] >= 0;
    if (n_left == 0) return has_pozzetto;
    int card = first_left;
    if (has_pozzetto) {
        if (card != s.single) return true;
        AttachList al;
        for (int i = 0; i < n_melds; ++i) {
            attachments(melds[i], al);
            for (int j = 0; j < al.n; ++j)
                if (al.a[j].card == card) return true;
        }
        return false;
    }
    return card != s.single && !is_wild(card) && can_close(s, side, melds, n_melds);
}

bool open_ok(const Core &s, int seat, int side, int t) {
    uint8_t rest[NUM_TYPES];
    memcpy(rest, s.hand[seat], NUM_TYPES);
    for (int i = 0; i < 3; ++i) {
        int c = TEMPLATE_CARDS[t][i];
        if (!rest[c]) return false;  // e.g. a pinella wanted both as natural 2 and as the wild
        rest[c]--;
    }
    int n_left = 0, first = -1;
    for (int c = 0; c < NUM_TYPES; ++c)
        if (rest[c]) {
            if (first < 0) first = c;
            n_left += rest[c];
        }
    uint32_t melds[MAX_MELDS + 1];
    int nm = s.n_melds[side];
    memcpy(melds, s.melds[side], sizeof(uint32_t) * nm);
    melds[nm++] = TEMPLATE_MELD[t];
    return rest_ok(s, side, n_left, first, melds, nm);
}

bool attach_ok(const Core &s, int side, int slot, int card, uint32_t after) {
    int seat = s.turn;
    int n_left = 0, first = -1;
    for (int c = 0; c < NUM_TYPES; ++c) {
        int k = s.hand[seat][c] - (c == card);
        if (k > 0) {
            if (first < 0) first = c;
            n_left += k;
        }
    }
    uint32_t melds[MAX_MELDS];
    int nm = s.n_melds[side];
    memcpy(melds, s.melds[side], sizeof(uint32_t) * nm);
    melds[slot] = after;
    return rest_ok(s, side, n_left, first, melds, nm);
}

inline int low_bit(uint32_t bits) { return __builtin_ctz(bits); }

// The openings of a hand, in the order of opens.hand_opens.
// The open templates of a hand (opens.hand_opens): its runs by suit (``mask``: a bit per
// position held), then its groups of the ranks in ``free_pairs`` (pairs held whose rank the side
// has not already grouped) among the rule set's ``group_ranks``; shared by the legal actions
// and strong's planner.
int opens_from(const uint8_t *h, const uint16_t *mask, uint32_t free_pairs, const uint8_t *group_ranks,
               int n_group_ranks, uint16_t *out) {
    int wl[5], nw = 0;
    for (int wi = 0; wi < 5; ++wi)
        if (h[WILDS[wi]]) wl[nw++] = wi;
    int n = 0;
    for (int su = 0; su < 4; ++su) {
        uint32_t m = mask[su];
        if (!m) continue;
        for (uint32_t b = m & (m >> 1) & (m >> 2); b; b &= b - 1) out[n++] = (uint16_t)NAT3[su][low_bit(b)];
        if (!nw) continue;
        int two = two_of(su);
        bool spare_two = h[two] > 1;
        for (uint32_t b = m & (m >> 1); b; b &= b - 1) {
            int lo = low_bit(b);
            for (int i = 0; i < nw; ++i)
                if (WILDS[wl[i]] != two || lo > 2 || spare_two) out[n++] = (uint16_t)ADJ[su][lo][wl[i]];
        }
        for (uint32_t b = m & (m >> 2); b; b &= b - 1) {
            int lo = low_bit(b);
            for (int i = 0; i < nw; ++i) {
                int t = GAPT[su][lo][wl[i]];
                if (t >= 0 && (WILDS[wl[i]] != two || lo != 2 || spare_two)) out[n++] = (uint16_t)t;
            }
        }
    }
    if (free_pairs)
        for (int gi = 0; gi < n_group_ranks; ++gi) {
            int rank = group_ranks[gi];
            if (!(free_pairs >> rank & 1)) continue;
            int held[4] = {h[rank - 1], h[rank + 12], h[rank + 25], h[rank + 38]};
            if (held[0] + held[1] + held[2] + held[3] >= 3)
                for (int ci = 0; ci < 20; ++ci) {
                    const int *v = COMBO3[ci];
                    if (v[0] <= held[0] && v[1] <= held[1] && v[2] <= held[2] && v[3] <= held[3])
                        out[n++] = (uint16_t)G3[rank][ci];
                }
            if (nw)
                for (int ci = 0; ci < 10; ++ci) {
                    const int *v = COMBO2[ci];
                    if (v[0] <= held[0] && v[1] <= held[1] && v[2] <= held[2] && v[3] <= held[3])
                        for (int i = 0; i < nw; ++i) out[n++] = (uint16_t)G2[rank][ci][wl[i]];
                }
        }
    return n;
}

int hand_opens(const Core &s, int seat, int side, uint16_t *out) {
    uint32_t grouped = 0;
    for (int i = 0; i < s.n_melds[side]; ++i)
        if (is_group(s.melds[side][i])) grouped |= 1u << group_rank(s.melds[side][i]);
    return opens_from(s.hand[seat], s.mask[seat], s.pairs[seat] & ~grouped, s.o.group_ranks, s.o.n_group_ranks, out);
}

int legal_melds(const Core &s, uint16_t *out, int n) {
    int seat = s.turn, side = s.side_of[seat], size = s.size[seat];
    if (size >= 3) {
        uint16_t found[2048];
        int k = hand_opens(s, seat, side, found);
        for (int i = 0; i < k; ++i)
            if (size > 4 || open_ok(s, seat, side, found[i])) out[n++] = (uint16_t)(OPEN_BASE + found[i]);
    }
    bool careful = size <= 2;
    AttachList al;
    const uint8_t *h = s.hand[seat];
    for (int slot = 0; slot < s.n_melds[side]; ++slot) {
        int base = ATTACH_BASE + slot * NUM_TYPES * 2;
        attachments(s.melds[side][slot], al);
        for (int j = 0; j < al.n; ++j) {
            const Attach &a = al.a[j];
            if (h[a.card] && (!careful || attach_ok(s, side, slot, a.card, a.after)))
                out[n++] = (uint16_t)(base + a.card * 2 + a.variant);
        }
    }
    return n;
}

bool take_would_meld(const Core &s) {
    // International Burraco: with the pile in hand, some card could be melded at once (codice art. 8).
    static thread_local Core probe_state;  // one per thread, reused: no allocation (its pointers are never freed)
    Core *probe = &probe_state;
    memcpy((void *)probe, (const void *)&s, sizeof(Core));
    int seat = probe->turn;
    for (int i = 0; i < probe->pile_len; ++i) add_card(*probe, seat, probe->pile[i]);
    probe->single = probe->pile_len == 1 ? (int8_t)probe->pile[0] : (int8_t)-1;
    probe->pile_len = 0;
    uint16_t out[MAX_LEGAL];
    return legal_melds(*probe, out, 0) > 0;
}

int legal_actions(const Core &s, uint16_t *out) {
    int n = 0;
    if (s.phase == DRAW_PHASE) {
        out[n++] = DRAW;
        if (s.stock_len <= 2) return n;
        if (s.pile_len == 1 && s.stall >= 2 * s.o.n) return n;
        if (s.o.take_needs_meld && !take_would_meld(s)) return n;
        out[n++] = TAKE;
        return n;
    }
    if (s.phase != PLAY) return 0;
    int seat = s.turn;
    if (!s.must_meld) {
        const uint8_t *h = s.hand[seat];
        int single = s.single;
        if (s.size[seat] > 1) {
            for (uint64_t b = s.present[seat]; b; b &= b - 1) {
                int c = __builtin_ctzll(b);
                if (c == single && h[c] == 1) continue;
                out[n++] = (uint16_t)(DISCARD_BASE + c);
            }
        } else {
            int card = __builtin_ctzll(s.present[seat]);
            int side = s.side_of[seat];
            if (card != single &&
                (s.side_pozz[side] >= 0 ||
                 (!is_wild(card) && can_close(s, side, s.melds[side], s.n_melds[side]))))
                out[n++] = (uint16_t)(DISCARD_BASE + card);
        }
    }
    return legal_melds(s, out, n);
}

// --- applying ------------------------------------------------------------------------------

void finish_hand(Core &s, int ended_by);

void take_pozzetto(Core &s, int seat, uint8_t *cards, int *n_cards) {
    int side = s.side_of[seat];
    int k = s.side_pozz[side];
    if (!s.formed) {  // 3 and 5 players: the first to a pozzetto takes the 18 and plays alone
        int n = s.o.n, others[MAX_SEATS];
        for (int j = 1; j < n; ++j) others[j - 1] = (seat + j) % n;
        uint8_t side_len[MAX_SEATS], seats[MAX_SEATS][MAX_SEATS];
        int n_sides;
        side_len[0] = 1, seats[0][0] = (uint8_t)seat;
        if (n == 3) {
            n_sides = 2, side_len[1] = 2, seats[1][0] = (uint8_t)others[0], seats[1][1] = (uint8_t)others[1];
        } else {
            n_sides = 3;
            side_len[1] = 2, seats[1][0] = (uint8_t)others[0], seats[1][1] = (uint8_t)others[2];
            side_len[2] = 2, seats[2][0] = (uint8_t)others[1], seats[2][1] = (uint8_t)others[3];
        }
        uint32_t melds[MAX_SEATS][MAX_MELDS];
        uint8_t n_melds[MAX_SEATS];
        for (int sd = 0; sd < n_sides; ++sd) {
            n_melds[sd] = 0;
            for (int j = 0; j < side_len[sd]; ++j) {
                int old = s.side_of[seats[sd][j]];
                for (int i = 0; i < s.n_melds[old]; ++i) melds[sd][n_melds[sd]++] = s.melds[old][i];
            }
        }
        s.n_sides = (uint8_t)n_sides;
        for (int sd = 0; sd < n_sides; ++sd) {
            s.side_len[sd] = side_len[sd];
            for (int j = 0; j < side_len[sd]; ++j) {
                s.side_seats[sd][j] = seats[sd][j];
                s.side_of[seats[sd][j]] = (uint8_t)sd;
            }
            s.n_melds[sd] = n_melds[sd];
            memcpy(s.melds[sd], melds[sd], sizeof(uint32_t) * n_melds[sd]);
        }
        for (int p = 0; p < s.n_pozz; ++p) s.pozz_owner[p] = (int8_t)p;
        s.formed = 1;
    }
    s.pozz_taken[k] = 1;
    refresh_side_pozzetti(s);
    *n_cards = s.pozz_len[k];
    memcpy(cards, s.pozz[k], s.pozz_len[k]);
    s.pozz_len[k] = 0;
}

void after_meld(Core &s, int seat) {
    s.must_meld = 0;
    if (!s.size[seat]) {  // al volo: played at once (art. 6)
        uint8_t cards[MAX_POZZ];
        int n;
        take_pozzetto(s, seat, cards, &n);
        for (int i = 0; i < n; ++i) add_card(s, seat, cards[i]);
    }
}

void reveal_pending(Core &s, int seat) {
    for (int i = 0; i < s.pending_len[seat]; ++i) add_card(s, seat, s.pending[seat][i]);
    s.pending_len[seat] = 0;
}

void end_turn(Core &s, int seat) {
    int side = s.side_of[seat];
    for (int j = 0; j < s.side_len[side]; ++j) {
        int mate = s.side_seats[side][j];
        if (mate != seat && s.pending_len[mate]) reveal_pending(s, mate);
    }
    if (s.plays_left) s.plays_left--;
    if (s.closed_by >= 0) finish_hand(s, BY_CLOSING);
    else if (s.last_turn) finish_hand(s, BY_STOCK);
    else if (s.timeout && !s.plays_left) finish_hand(s, BY_TIME_OUT);
    else {
        int nxt = (seat + 1) % s.o.n;
        s.turn = (uint8_t)nxt;
        s.turn_no++;
        s.phase = DRAW_PHASE;
        s.single = -1;
        s.must_meld = 0;
        if (s.pending_len[nxt]) reveal_pending(s, nxt);
    }
}

void play_action(Core &s, int action) {
    int seat = s.turn;
    if (action >= ATTACH_BASE) {
        int rest = action - ATTACH_BASE;
        int slot = rest / (NUM_TYPES * 2);
        rest %= NUM_TYPES * 2;
        int card = rest / 2, variant = rest % 2;
        int side = s.side_of[seat];
        AttachList al;
        attachments(s.melds[side][slot], al);
        for (int j = 0; j < al.n; ++j)
            if (al.a[j].card == card && al.a[j].variant == variant) {
                s.melds[side][slot] = al.a[j].after;
                break;
            }
        remove_card(s, seat, card);
        after_meld(s, seat);
    } else if (action >= OPEN_BASE) {
        int t = action - OPEN_BASE;
        for (int i = 0; i < 3; ++i) remove_card(s, seat, TEMPLATE_CARDS[t][i]);
        int side = s.side_of[seat];
        s.melds[side][s.n_melds[side]++] = TEMPLATE_MELD[t];
        after_meld(s, seat);
    } else if (action >= DISCARD_BASE) {
        int card = action - DISCARD_BASE;
        remove_card(s, seat, card);
        s.pile[s.pile_len++] = (uint8_t)card;
        s.shunned[seat] |= 1ull << card;
        if (!s.size[seat]) {
            if (s.side_pozz[s.side_of[seat]] >= 0) {
                int n;
                take_pozzetto(s, seat, s.pending[seat], &n);  // seen after the partner plays
                s.pending_len[seat] = (uint8_t)n;
            } else {
                s.closed_by = (int8_t)seat;
            }
        }
        end_turn(s, seat);
    } else if (action == DRAW) {
        for (int i = 0; i < s.pile_len; ++i) s.shunned[seat] |= 1ull << s.pile[i];  // the pile left
        add_card(s, seat, s.stock[--s.stock_len]);
        s.stall = 0;
        s.single = -1;
        if (s.stock_len <= 2) s.last_turn = 1;  // the two last cards are not played (art. 8)
        s.phase = PLAY;
    } else {  // TAKE
        for (int i = 0; i < s.pile_len; ++i) {
            add_card(s, seat, s.pile[i]);
            s.known[seat][s.pile[i]]++;
        }
        if (s.pile_len == 1) {
            s.single = (int8_t)s.pile[0];
            s.stall++;
        } else {
            s.single = -1;
            s.stall = 0;
        }
        s.pile_len = 0;
        s.must_meld = s.o.take_needs_meld;
        s.phase = PLAY;
    }
}

bool push_history(Core &s, int action) {
    if (s.history_len == s.history_cap) {
        uint32_t cap = s.history_cap ? s.history_cap * 2 : 256;
        uint16_t *grown = (uint16_t *)realloc(s.history, sizeof(uint16_t) * cap);
        if (!grown) return false;
        s.history = grown, s.history_cap = cap;
    }
    s.history[s.history_len++] = (uint16_t)action;
    return true;
}

bool match_won(const Core &s) {
    int n = s.o.n;
    double best = s.scores[0];
    for (int i = 1; i < n; ++i)
        if (s.scores[i] > best) best = s.scores[i];
    if (best < s.o.target) return false;
    if (n == 2 || n == 4 || n == 6) {
        int parity = -1;
        for (int i = 0; i < n; ++i)
            if (s.scores[i] == best) {
                int p = n > 2 ? i % 2 : i;
                if (parity >= 0 && parity != p) return false;
                parity = p;
            }
        return true;
    }
    int leaders = 0;
    for (int i = 0; i < n; ++i) leaders += s.scores[i] == best;
    return leaders == 1;
}

void finish_hand(Core &s, int ended_by) {
    if (s.results_len == s.results_cap) {  // once a hand: outside the hot path
        uint32_t cap = s.results_cap ? s.results_cap * 2 : 4;
        HandResult *grown = (HandResult *)realloc(s.results, sizeof(HandResult) * cap);
        if (!grown) abort();
        s.results = grown, s.results_cap = cap;
    }
    HandResult &r = s.results[s.results_len++];
    memset(&r, 0, sizeof r);
    int n = s.o.n;
    r.number = (int16_t)s.hand_no;
    r.ended_by = (uint8_t)ended_by;
    r.n_sides = s.n_sides;
    r.credited_float = 0;
    for (int side = 0; side < s.n_sides; ++side) {
        SideResult &sr = r.sides[side];
        sr.n_seats = s.side_len[side];
        bool closed = false;
        int in_hand = 0;
        for (int j = 0; j < sr.n_seats; ++j) {
            int seat = s.side_seats[side][j];
            sr.seats[j] = (uint8_t)seat;
            closed |= s.closed_by == seat;
            for (int c = 0; c < NUM_TYPES; ++c) in_hand += s.hand[seat][c] * card_points(c);
            for (int i = 0; i < s.pending_len[seat]; ++i) in_hand += card_points(s.pending[seat][i]);
        }
        int melded = 0, bonus = 0;
        for (int i = 0; i < s.n_melds[side]; ++i) {
            uint32_t m = s.melds[side][i];
            melded += meld_points(m);
            int kind = burraco_kind(m, s.o.semiclean);
            if (kind != NOT_BURRACO) sr.kinds[kind]++, bonus += KIND_BONUS[kind];
        }
        sr.closing = closed ? 100 : 0;
        sr.bonus = bonus;
        sr.melded = melded;
        sr.in_hand = -in_hand;
        sr.pozzetto = side_took_pozzetto(s, side) ? 0 : -100;
        int total = sr.closing + sr.bonus + sr.melded + sr.in_hand + sr.pozzetto;
        bool half = sr.n_seats == 2 && (n == 3 || n == 5) && s.o.pair_half;
        for (int j = 0; j < sr.n_seats; ++j) {
            r.credited[sr.seats[j]] = half ? total * 0.5 : (double)total;
            if (half) r.credited_float |= (uint8_t)(1u << sr.seats[j]), s.scores_float |= (uint8_t)(1u << sr.seats[j]);
        }
    }
    for (int seat = 0; seat < n; ++seat) s.scores[seat] += r.credited[seat];
    s.hand_no++;
    bool over;
    if (s.o.target < 0) over = s.o.hands < 0 || (int)s.results_len >= s.o.hands;
    else over = match_won(s);
    if (s.timeout || over) s.phase = OVER;
    else {
        s.dealer = (uint8_t)((s.dealer + 1) % n);
        s.phase = DEAL;
    }
}

void deal(Core &s, const uint8_t *order, int total) {
    int n = s.o.n;
    if ((n == 3 || n == 5) && s.o.lone_vs_pairs && !s.alone) {
        double best = s.scores[0];
        for (int i = 1; i < n; ++i)
            if (s.scores[i] > best) best = s.scores[i];
        s.alone = best >= s.o.alone_threshold;
    }
    int sizes[MAX_SEATS], n_pozz;
    bool formed;
    if (n % 2 == 0) {
        n_pozz = 2, sizes[0] = sizes[1] = HAND_SIZE, formed = true;
        if (n == 2) {
            s.n_sides = 2, s.side_len[0] = s.side_len[1] = 1, s.side_seats[0][0] = 0, s.side_seats[1][0] = 1;
        } else {
            s.n_sides = 2;
            for (int first = 0; first < 2; ++first) {
                s.side_len[first] = 0;
                for (int seat = first; seat < n; seat += 2) s.side_seats[first][s.side_len[first]++] = (uint8_t)seat;
            }
        }
    } else {
        formed = s.alone || !s.o.lone_vs_pairs;
        if (formed) {
            n_pozz = n;
            for (int k = 0; k < n; ++k) sizes[k] = HAND_SIZE;
        } else {
            n_pozz = 1 + n / 2, sizes[0] = 18;
            for (int k = 1; k < n_pozz; ++k) sizes[k] = HAND_SIZE;
        }
        s.n_sides = (uint8_t)n;
        for (int seat = 0; seat < n; ++seat) s.side_len[seat] = 1, s.side_seats[seat][0] = (uint8_t)seat;
    }
    int pozz_total = 0;
    for (int k = 0; k < n_pozz; ++k) pozz_total += sizes[k];
    s.n_pozz = (uint8_t)n_pozz;
    for (int k = 0; k < n_pozz; ++k) s.pozz_len[k] = 0, s.pozz_taken[k] = 0, s.pozz_owner[k] = formed ? (int8_t)k : -1;
    int i = 0;
    while (i < pozz_total)  // from the bottom, one card to each in turn (art. 3)
        for (int k = 0; k < n_pozz; ++k)
            if (s.pozz_len[k] < sizes[k]) s.pozz[k][s.pozz_len[k]++] = order[i++];
    memset(s.hand, 0, sizeof s.hand);
    memset(s.size, 0, sizeof s.size);
    memset(s.present, 0, sizeof s.present);
    memset(s.mask, 0, sizeof s.mask);
    memset(s.ranks, 0, sizeof s.ranks);
    memset(s.pairs, 0, sizeof s.pairs);
    memset(s.known, 0, sizeof s.known);
    memset(s.shunned, 0, sizeof s.shunned);
    memset(s.pending_len, 0, sizeof s.pending_len);
    int top = total;
    for (int r = 0; r < HAND_SIZE; ++r)  // from the top, clockwise from the dealer's left
        for (int k = 1; k <= n; ++k) add_card(s, (s.dealer + k) % n, order[--top]);
    --top;
    s.pile_len = 1, s.pile[0] = order[top];
    s.stock_len = (uint8_t)(top - i);
    memcpy(s.stock, order + i, top - i);
    s.formed = formed;
    for (int side = 0; side < s.n_sides; ++side) {
        s.n_melds[side] = 0;
        for (int j = 0; j < s.side_len[side]; ++j) s.side_of[s.side_seats[side][j]] = (uint8_t)side;
    }
    refresh_side_pozzetti(s);
    s.turn = (uint8_t)((s.dealer + 1) % n);
    s.turn_no = 0;
    s.phase = DRAW_PHASE;
    s.single = -1;
    s.must_meld = 0;
    s.stall = 0;
    s.last_turn = 0;
    s.closed_by = -1;
}

void init_core(Core &s, const Options &o) {
    memset((void *)&s, 0, sizeof s);
    s.o = o;
    int n = o.n;
    s.phase = DEAL;
    s.dealer = (uint8_t)(n - 1);
    s.n_sides = (uint8_t)n;
    for (int seat = 0; seat < n; ++seat) s.side_len[seat] = 1, s.side_seats[seat][0] = (uint8_t)seat,
                                          s.side_of[seat] = (uint8_t)seat;
    s.formed = 1;
    s.single = -1;
    s.closed_by = -1;
}

bool copy_core(Core &dst, const Core &src) {
    memcpy((void *)&dst, (const void *)&src, sizeof(Core));
    dst.history = nullptr, dst.results = nullptr;
    dst.history_cap = dst.results_cap = 0;
    if (src.history_len) {
        dst.history = (uint16_t *)malloc(sizeof(uint16_t) * src.history_cap);
        if (!dst.history) return false;
        memcpy(dst.history, src.history, sizeof(uint16_t) * src.history_len);
        dst.history_cap = src.history_cap;
    }
    if (src.results_len) {
        dst.results = (HandResult *)malloc(sizeof(HandResult) * src.results_cap);
        if (!dst.results) return false;
        memcpy(dst.results, src.results, sizeof(HandResult) * src.results_len);
        dst.results_cap = src.results_cap;
    }
    return true;
}

void free_core(Core &s) {
    free(s.history);
    free(s.results);
    s.history = nullptr, s.results = nullptr;
}

// --- random numbers for the native playouts (splitmix64) -----------------------------------
struct Rng {
    uint64_t x;
    uint64_t next() {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return (int)(((next() >> 32) * (uint64_t)n) >> 32); }
};

int deck_size(const Options &o) { return (o.n >= 5 ? 3 : 2) * 54; }

void shuffled_deck(const Options &o, Rng &rng, uint8_t *order) {
    int decks = o.n >= 5 ? 3 : 2, k = 0;
    for (int d = 0; d < decks; ++d) {
        for (int c = 0; c < 52; ++c) order[k++] = (uint8_t)c;
        order[k++] = JOKER, order[k++] = JOKER;
    }
    for (int i = k - 1; i > 0; --i) {
        int j = rng.below(i + 1);
        uint8_t t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

// Uniform random play until the match ends (dealing with `rng` at each chance node); the
// decisions made. `record`: keep the history (a state the caller reads back), else not.
long playout(Core &s, Rng &rng, bool record) {
    uint16_t legal[MAX_LEGAL];
    uint8_t order[MAX_CARDS];
    long decisions = 0;
    while (s.phase != OVER) {
        if (s.phase == DEAL) {
            shuffled_deck(s.o, rng, order);
            deal(s, order, deck_size(s.o));
            continue;
        }
        int n = legal_actions(s, legal);
        int a = legal[rng.below(n)];
        if (record) push_history(s, a);
        play_action(s, a);
        ++decisions;
    }
    return decisions;
}

// ===========================================================================================
// The Python type: _core.Core, subclassed by native.NativeBurracoState.

PyObject *ACTION_INTS[8192];  // the action ids as Python ints, made once (no allocation per move)
PyObject *INT_CHANCE, *INT_TERMINAL;

struct StateObject {
    PyObject_HEAD
    PyObject *game;
    PyObject *legal;  // the legal actions of this position as a list, or NULL
    PyObject *weakrefs;
    PyObject *dict;
    Core c;
};

inline void forget_legal(StateObject *self) { Py_CLEAR(self->legal); }

int State_traverse(StateObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->game);
    Py_VISIT(self->legal);
    Py_VISIT(self->dict);
    return 0;
}

int State_clear(StateObject *self) {
    Py_CLEAR(self->game);
    Py_CLEAR(self->legal);
    Py_CLEAR(self->dict);
    return 0;
}

void State_dealloc(StateObject *self) {
    PyObject_GC_UnTrack(self);
    if (self->weakrefs) PyObject_ClearWeakRefs((PyObject *)self);
    State_clear(self);
    free_core(self->c);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyObject *State_new(PyTypeObject *type, PyObject *, PyObject *) {
    StateObject *self = (StateObject *)type->tp_alloc(type, 0);
    if (!self) return nullptr;
    Options o;
    init_core(self->c, o);
    return (PyObject *)self;
}

// __init__(game, players, semiclean, clean_to_close, take_needs_meld, group_ranks, target, hands,
//          lone_vs_pairs, alone_threshold, pair_half, time_out, rule_set)
int State_init(StateObject *self, PyObject *args, PyObject *) {
    PyObject *game, *ranks;
    int n, semi, clean, take, target, hands, lone, threshold, half, time_out, rule_set;
    if (!PyArg_ParseTuple(args, "OipppOiipiiii", &game, &n, &semi, &clean, &take, &ranks, &target, &hands, &lone,
                          &threshold, &half, &time_out, &rule_set))
        return -1;
    if (n < 2 || n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "2 to 6 players");
        return -1;
    }
    if (rule_set < 0 || rule_set >= NUM_RULE_SETS) {
        PyErr_SetString(PyExc_ValueError, "a rule set index is 0..2 (rules.RULE_SETS)");
        return -1;
    }
    if (!NUM_TEMPLATES) {
        PyErr_SetString(PyExc_RuntimeError, "_core.setup() has not been called");
        return -1;
    }
    Options o;
    o.n = (uint8_t)n;
    o.semiclean = semi, o.clean_to_close = clean, o.take_needs_meld = take;
    o.target = (int16_t)target, o.hands = (int16_t)hands;
    o.lone_vs_pairs = lone, o.alone_threshold = (int16_t)threshold, o.pair_half = half;
    o.time_out = (int8_t)time_out;
    o.rule_set = (uint8_t)rule_set;
    PyObject *seq = PySequence_Fast(ranks, "group_ranks must be a sequence");
    if (!seq) return -1;
    Py_ssize_t nr = PySequence_Fast_GET_SIZE(seq);
    if (nr > 13) nr = 13;
    o.n_group_ranks = (uint8_t)nr;
    for (Py_ssize_t i = 0; i < nr; ++i) {
        long r = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (r < 1 || r > 13) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a group rank is 1..13");
            return -1;
        }
        o.group_ranks[i] = (uint8_t)r;
    }
    Py_DECREF(seq);
    free_core(self->c);
    init_core(self->c, o);
    Py_INCREF(game);
    Py_XSETREF(self->game, game);
    forget_legal(self);
    return 0;
}

PyObject *legal_list(StateObject *self) {
    if (self->legal) {
        Py_INCREF(self->legal);
        return self->legal;
    }
    uint16_t buf[MAX_LEGAL];
    int n = legal_actions(self->c, buf);
    PyObject *list = PyList_New(n);
    if (!list) return nullptr;
    for (int i = 0; i < n; ++i) {
        PyObject *v = ACTION_INTS[buf[i]];
        Py_INCREF(v);
        PyList_SET_ITEM(list, i, v);
    }
    self->legal = list;
    Py_INCREF(list);
    return list;
}

PyObject *State_legal_actions(StateObject *self, PyObject *) { return legal_list(self); }

PyObject *State_current_player(StateObject *self, PyObject *) {
    uint8_t p = self->c.phase;
    if (p == DEAL) return Py_NewRef(INT_CHANCE);
    if (p == OVER) return Py_NewRef(INT_TERMINAL);
    return Py_NewRef(ACTION_INTS[self->c.turn]);
}

PyObject *State_is_terminal(StateObject *self, PyObject *) { return PyBool_FromLong(self->c.phase == OVER); }
PyObject *State_is_chance_node(StateObject *self, PyObject *) { return PyBool_FromLong(self->c.phase == DEAL); }

bool apply_checked(StateObject *self, long action) {
    forget_legal(self);
    if (!push_history(self->c, (int)action)) {
        PyErr_NoMemory();
        return false;
    }
    play_action(self->c, (int)action);
    return true;
}

bool is_legal(StateObject *self, long action) {
    // Whether `action` is legal here: the kept list (of the ACTION_INTS objects, so compared by
    // identity) where the state has one, else the legal actions written on the stack.
    if (action < 0 || action >= NUM_ACTIONS || (self->c.phase != PLAY && self->c.phase != DRAW_PHASE)) return false;
    PyObject *wanted = ACTION_INTS[action];
    if (self->legal) {
        Py_ssize_t n = PyList_GET_SIZE(self->legal);
        PyObject **items = PySequence_Fast_ITEMS(self->legal);
        for (Py_ssize_t i = 0; i < n; ++i)
            if (items[i] == wanted) return true;
        return false;
    }
    uint16_t buf[MAX_LEGAL];
    int n = legal_actions(self->c, buf);
    for (int i = 0; i < n; ++i)
        if (buf[i] == action) return true;
    return false;
}

// apply and apply_legal: a legal action is played; any other is refused by `_not_legal` (the
// rule it breaks; the arbiter's time-out announced), the state unchanged.
PyObject *State_apply(StateObject *self, PyObject *arg) {
    long action = PyLong_AsLong(arg);
    if (action == -1 && PyErr_Occurred()) return nullptr;
    if (!is_legal(self, action)) return PyObject_CallMethod((PyObject *)self, "_not_legal", "O", arg);
    if (!apply_checked(self, action)) return nullptr;
    Py_RETURN_NONE;
}

// _apply_unchecked: the fast path of the callers that pass an action of legal_actions() (bots,
// search, the arena, the RL env): an id out of range is refused, a legality not checked.
PyObject *State_apply_unchecked(StateObject *self, PyObject *arg) {
    long action = PyLong_AsLong(arg);
    if (action == -1 && PyErr_Occurred()) return nullptr;
    if (action < 0 || action >= NUM_ACTIONS) {
        PyErr_SetString(PyExc_ValueError, "not a Burraco action id");
        return nullptr;
    }
    if (!apply_checked(self, action)) return nullptr;
    Py_RETURN_NONE;
}

PyObject *State_deal(StateObject *self, PyObject *arg) {
    if (self->c.phase != DEAL) {
        PyErr_SetString(PyExc_ValueError, "not a chance node: the cards are already dealt");
        return nullptr;
    }
    PyObject *seq = PySequence_Fast(arg, "a deck order");
    if (!seq) return nullptr;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != deck_size(self->c.o)) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a deal must use exactly the cards of the deck");
        return nullptr;
    }
    uint8_t order[MAX_CARDS];
    for (Py_ssize_t i = 0; i < n; ++i) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c < 0 || c >= NUM_TYPES) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a card");
            return nullptr;
        }
        order[i] = (uint8_t)c;
    }
    Py_DECREF(seq);
    forget_legal(self);
    deal(self->c, order, (int)n);
    Py_RETURN_NONE;
}

PyObject *State_clone(StateObject *self, PyObject *) {
    PyTypeObject *type = Py_TYPE(self);
    StateObject *other = (StateObject *)type->tp_alloc(type, 0);
    if (!other) return nullptr;
    if (!copy_core(other->c, self->c)) {
        Py_DECREF(other);
        return PyErr_NoMemory();
    }
    other->game = Py_NewRef(self->game);
    other->legal = self->legal ? Py_NewRef(self->legal) : nullptr;
    return (PyObject *)other;
}

PyObject *State_returns(StateObject *self, PyObject *) {
    const Core &s = self->c;
    int n = s.o.n;
    PyObject *out = PyList_New(n);
    if (!out) return nullptr;
    bool single = s.o.target < 0 && s.o.hands < 0;
    for (int seat = 0; seat < n; ++seat) {
        PyObject *v;
        if (single) {
            if (!s.results_len) v = PyFloat_FromDouble(0.0);
            else {
                const HandResult &r = s.results[s.results_len - 1];
                v = (r.credited_float >> seat & 1) ? PyFloat_FromDouble(r.credited[seat])
                                     : PyLong_FromLong((long)r.credited[seat]);
            }
        } else {
            v = PyFloat_FromDouble(s.scores[seat]);
        }
        if (!v) {
            Py_DECREF(out);
            return nullptr;
        }
        PyList_SET_ITEM(out, seat, v);
    }
    return out;
}

// last_hand_credited(): the points each seat was credited at the last hand's end, ints and
// floats as the reference's HandResult.credited holds them (no copy of the state to Python).
PyObject *State_last_hand_credited(StateObject *self, PyObject *) {
    const Core &s = self->c;
    if (!s.results_len) {
        PyErr_SetString(PyExc_ValueError, "no hand has ended yet");
        return nullptr;
    }
    const HandResult &r = s.results[s.results_len - 1];
    PyObject *out = PyTuple_New(s.o.n);
    if (!out) return nullptr;
    for (int seat = 0; seat < s.o.n; ++seat) {
        PyObject *v = (r.credited_float >> seat & 1) ? PyFloat_FromDouble(r.credited[seat])
                                                     : PyLong_FromLong((long)r.credited[seat]);
        if (!v) {
            Py_DECREF(out);
            return nullptr;
        }
        PyTuple_SET_ITEM(out, seat, v);
    }
    return out;
}

PyObject *State_playout(StateObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(arg);
    if (PyErr_Occurred()) return nullptr;
    forget_legal(self);
    Rng rng{seed};
    long d = playout(self->c, rng, true);
    return PyLong_FromLong(d);
}

PyObject *State_time_out(StateObject *self, PyObject *) {
    // The arbiter's time-out, its checks made by the caller (native.py): state.announce_time_out.
    Core &s = self->c;
    forget_legal(self);
    s.timeout = 1;
    if (!push_history(s, NUM_ACTIONS)) return PyErr_NoMemory();
    int n = s.o.n;
    bool before_first_draw = s.phase == DEAL || (s.phase == DRAW_PHASE && s.turn_no == 0);
    if (before_first_draw) {
        if (s.o.time_out == 2) s.phase = OVER;
        else s.plays_left = (uint16_t)n;
    } else if (s.o.time_out == 2) {
        s.plays_left = (uint16_t)(1 + ((s.dealer - s.turn) % n + n) % n + n);
    } else {
        s.plays_left = (uint16_t)(1 + n / 2 - 1 + n);
    }
    Py_RETURN_NONE;
}

PyObject *bytes_list(const uint8_t *p, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return nullptr;
    for (int i = 0; i < n; ++i) PyList_SET_ITEM(l, i, PyLong_FromLong(p[i]));
    return l;
}

PyObject *State_raw(StateObject *self, PyObject *) {
    // Every field, as plain Python values, for native.py to build the reference state from.
    const Core &s = self->c;
    int n = s.o.n;
    PyObject *hands = PyList_New(n), *known = PyList_New(n), *pending = PyList_New(n), *scores = PyList_New(n),
             *shunned = PyList_New(n);
    for (int seat = 0; seat < n; ++seat) {
        PyList_SET_ITEM(hands, seat, bytes_list(s.hand[seat], NUM_TYPES));
        PyList_SET_ITEM(known, seat, bytes_list(s.known[seat], NUM_TYPES));
        PyList_SET_ITEM(shunned, seat, PyLong_FromUnsignedLongLong(s.shunned[seat]));
        PyList_SET_ITEM(pending, seat, bytes_list(s.pending[seat], s.pending_len[seat]));
        bool as_float = s.scores_float >> seat & 1;
        PyList_SET_ITEM(scores, seat,
                        as_float ? PyFloat_FromDouble(s.scores[seat]) : PyLong_FromLong((long)s.scores[seat]));
    }
    PyObject *pozz = PyList_New(s.n_pozz);
    for (int k = 0; k < s.n_pozz; ++k)
        PyList_SET_ITEM(pozz, k, Py_BuildValue("(NiO)", bytes_list(s.pozz[k], s.pozz_len[k]), s.pozz_owner[k],
                                               s.pozz_taken[k] ? Py_True : Py_False));
    PyObject *sides = PyList_New(s.n_sides), *melds = PyList_New(s.n_sides);
    for (int side = 0; side < s.n_sides; ++side) {
        PyList_SET_ITEM(sides, side, bytes_list(s.side_seats[side], s.side_len[side]));
        PyObject *ml = PyList_New(s.n_melds[side]);
        for (int i = 0; i < s.n_melds[side]; ++i) PyList_SET_ITEM(ml, i, PyLong_FromUnsignedLong(s.melds[side][i]));
        PyList_SET_ITEM(melds, side, ml);
    }
    PyObject *results = PyList_New(s.results_len);
    for (uint32_t i = 0; i < s.results_len; ++i) {
        const HandResult &r = s.results[i];
        PyObject *rs = PyList_New(r.n_sides);
        for (int side = 0; side < r.n_sides; ++side) {
            const SideResult &sr = r.sides[side];
            PyList_SET_ITEM(rs, side, Py_BuildValue("(N(iii)iiiii)", bytes_list(sr.seats, sr.n_seats),
                                                    sr.kinds[CLEAN], sr.kinds[SEMICLEAN], sr.kinds[DIRTY],
                                                    sr.closing, sr.bonus, sr.melded, sr.in_hand, sr.pozzetto));
        }
        PyObject *cr = PyList_New(n);
        for (int seat = 0; seat < n; ++seat)
            PyList_SET_ITEM(cr, seat, (r.credited_float >> seat & 1) ? PyFloat_FromDouble(r.credited[seat])
                                                       : PyLong_FromLong((long)r.credited[seat]));
        PyList_SET_ITEM(results, i, Py_BuildValue("(iiNN)", r.number, r.ended_by, rs, cr));
    }
    PyObject *history = PyList_New(s.history_len);
    for (uint32_t i = 0; i < s.history_len; ++i) PyList_SET_ITEM(history, i, PyLong_FromLong(s.history[i]));
    PyObject *d = Py_BuildValue(
        "{s:i,s:i,s:i,s:i,s:i,s:N,s:O,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:O,s:N,s:i,s:O,s:i,s:O,s:i,s:O,s:i,s:N,s:N}",
        "phase", s.phase, "turn", s.turn, "turn_number", s.turn_no, "dealer", s.dealer, "hand_number", s.hand_no,
        "scores", scores, "alone", s.alone ? Py_True : Py_False, "hands", hands, "pending", pending, "known", known,
        "shunned", shunned,
        "stock", bytes_list(s.stock, s.stock_len), "pile", bytes_list(s.pile, s.pile_len), "pozzetti", pozz,
        "sides", sides, "formed", s.formed ? Py_True : Py_False, "melds", melds, "single", s.single, "must_meld",
        s.must_meld ? Py_True : Py_False, "stall", s.stall, "last_turn", s.last_turn ? Py_True : Py_False,
        "closed_by", s.closed_by, "time_out", s.timeout ? Py_True : Py_False, "plays_left", s.plays_left,
        "results", results, "history", history);
    return d;
}

// --- _observe(seat): what one seat may know, straight from the core -------------------------

uint8_t HAND_ORDER[NUM_TYPES];  // the card types in the order a hand is shown (set_hand_order)

inline PyObject *small_int(long v) {  // an int of the core's ranges, from the made-once table where it can
    return (v >= 0 && v < 8192) ? Py_NewRef(ACTION_INTS[v]) : PyLong_FromLong(v);
}

PyObject *bytes_tuple(const uint8_t *p, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return nullptr;
    for (int i = 0; i < n; ++i) PyTuple_SET_ITEM(t, i, small_int(p[i]));
    return t;
}

PyObject *counts_tuple(const uint8_t *counts, const uint8_t *order) {
    // The cards a count per type stands for, each type as often as it is counted, in `order`
    // (or by type where `order` is null): observation.py's _hand_view and _known_view.
    uint8_t cards[MAX_CARDS];
    int n = 0;
    for (int i = 0; i < NUM_TYPES; ++i) {
        int c = order ? order[i] : i;
        for (int k = 0; k < counts[c] && n < MAX_CARDS; ++k) cards[n++] = (uint8_t)c;  // never past the buffer
    }
    return bytes_tuple(cards, n);
}

PyObject *State_observe(StateObject *self, PyObject *arg) {
    // The fields of observation.BurracoObservation for `seat`, as a flat tuple (native.py
    // names them): phase, current player, hand number, dealer, turn number, hand (shown
    // order), hand sizes, pending pozzetto sizes, side of each seat, sides, melds (packed
    // words per side), pile, stock size, pozzetti (size, side, taken), known cards per seat,
    // cards let go per seat (a bit per card type), single pile card, must meld, stall streak,
    // last turn, plays left (None without a time-out), scores, everyone alone.
    const Core &s = self->c;
    int n = s.o.n;
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return nullptr;
    if (seat < 0 || seat >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not at this table (0..%d)", seat, n - 1);
        return nullptr;
    }
    PyObject *sizes = PyTuple_New(n), *pending = PyTuple_New(n), *side_of = PyTuple_New(n), *known = PyTuple_New(n),
             *scores = PyTuple_New(n), *shunned = PyTuple_New(n);
    if (!sizes || !pending || !side_of || !known || !scores || !shunned) goto fail;
    for (int k = 0; k < n; ++k) {
        PyTuple_SET_ITEM(sizes, k, small_int(s.size[k]));
        PyTuple_SET_ITEM(pending, k, small_int(s.pending_len[k]));
        PyTuple_SET_ITEM(side_of, k, small_int(s.side_of[k]));
        PyObject *kn = counts_tuple(s.known[k], nullptr);
        if (!kn) goto fail;
        PyTuple_SET_ITEM(known, k, kn);
        PyObject *sh = PyLong_FromUnsignedLongLong(s.shunned[k]);
        if (!sh) goto fail;
        PyTuple_SET_ITEM(shunned, k, sh);
        bool as_float = s.scores_float >> k & 1;
        PyObject *v = as_float ? PyFloat_FromDouble(s.scores[k]) : PyLong_FromLong((long)s.scores[k]);
        if (!v) goto fail;
        PyTuple_SET_ITEM(scores, k, v);
    }
    {
        PyObject *sides = PyTuple_New(s.n_sides), *melds = PyTuple_New(s.n_sides), *pozz = PyTuple_New(s.n_pozz);
        if (!sides || !melds || !pozz) {
            Py_XDECREF(sides);
            Py_XDECREF(melds);
            Py_XDECREF(pozz);
            goto fail;
        }
        for (int side = 0; side < s.n_sides; ++side) {
            PyTuple_SET_ITEM(sides, side, bytes_tuple(s.side_seats[side], s.side_len[side]));
            PyObject *ml = PyTuple_New(s.n_melds[side]);
            if (ml)
                for (int i = 0; i < s.n_melds[side]; ++i)
                    PyTuple_SET_ITEM(ml, i, PyLong_FromUnsignedLong(s.melds[side][i]));
            PyTuple_SET_ITEM(melds, side, ml);
        }
        for (int k = 0; k < s.n_pozz; ++k)
            PyTuple_SET_ITEM(pozz, k, Py_BuildValue("(iiO)", s.pozz_len[k], s.pozz_owner[k],
                                                    s.pozz_taken[k] ? Py_True : Py_False));
        PyObject *current = s.phase == DEAL ? Py_NewRef(INT_CHANCE)
                            : s.phase == OVER ? Py_NewRef(INT_TERMINAL) : small_int(s.turn);
        PyObject *plays_left = s.timeout ? small_int(s.plays_left) : Py_NewRef(Py_None);
        return Py_BuildValue("(iNiiiNNNNNNNiNNNiOiONNO)", s.phase, current, s.hand_no, s.dealer, s.turn_no,
                             counts_tuple(s.hand[seat], HAND_ORDER), sizes, pending, side_of, sides, melds,
                             bytes_tuple(s.pile, s.pile_len), s.stock_len, pozz, known, shunned, s.single,
                             s.must_meld ? Py_True : Py_False, s.stall, s.last_turn ? Py_True : Py_False,
                             plays_left, scores, s.alone ? Py_True : Py_False);
    }
fail:
    Py_XDECREF(sizes);
    Py_XDECREF(pending);
    Py_XDECREF(side_of);
    Py_XDECREF(known);
    Py_XDECREF(scores);
    Py_XDECREF(shunned);
    return nullptr;
}

// --- encode_observation(seat, tensor, mask): the RL tensor, straight from the core ----------
// tavolo.rl.tensors.ObservationEncoder's tensor for one seat, written from scratch into the
// caller's float32 buffer (and its action mask into an int8 one): the same numbers, field by
// field, as the Python encoder gives for observation(seat) (tests/rl/test_core_encoder.py). It
// reads only what _observe hands out (the seat's own hand, the public counts and melds, the
// cards others took from the pile): never another hand, the pozzetti's cards or the stock.

enum TensorField {
    F_HAND, F_PILE, F_PILE_TOP, F_SINGLE, F_UNSEEN, F_KNOWN, F_MELDED, F_FITS, F_PHASE, F_TO_ACT,
    F_HAND_SIZES, F_PENDING, F_SEAT_SIDE, F_POZZ_TAKEN, F_FREE_POZZ, F_SIDE_MELDS, F_STOCK, F_FLAGS,
    F_STALL, F_TIME_OUT_LEFT, F_TURN, F_RULE_SET, F_SCORES, NUM_FIELDS
};
const char *const FIELD_NAMES[NUM_FIELDS] = {
    "hand", "pile", "pile_top", "single_pile_card", "unseen", "known", "melded", "fits", "phase", "to_act",
    "hand_sizes", "pending_pozzetto", "seat_side", "pozzetto_taken", "free_pozzetti", "side_melds", "stock", "flags",
    "stall", "time_out_left", "turn", "rule_set", "scores",
};
constexpr int SIDE_ROW = 5;  // side_melds: melds, clean, semiclean, dirty burraci, longest open meld
constexpr double MAX_TURN = 200, SCORE_UNIT = 1000, MAX_SCORE = 5;

struct TensorLayout {
    int sides, size;
    int at[NUM_FIELDS], rows[NUM_FIELDS], width[NUM_FIELDS];
};
TensorLayout LAYOUTS[MAX_SEATS + 1];  // by players, 2..6 (tensors.Layout)

void build_layout(TensorLayout &l, int n) {
    int s = l.sides = n % 2 == 0 ? 2 : n;  // tensors.max_sides
    const int shape[NUM_FIELDS][2] = {
        {1, NUM_TYPES}, {1, NUM_TYPES}, {1, NUM_TYPES}, {1, NUM_TYPES}, {1, NUM_TYPES}, {n - 1, NUM_TYPES},
        {s, NUM_TYPES}, {s, NUM_TYPES}, {1, 2}, {1, n}, {1, n}, {1, n}, {n, s}, {1, s}, {1, 1}, {s, SIDE_ROW},
        {1, 1}, {1, 4}, {1, 1}, {1, 1}, {1, 1}, {1, NUM_RULE_SETS}, {1, n},
    };
    int at = 0;
    for (int f = 0; f < NUM_FIELDS; ++f) {
        l.at[f] = at, l.rows[f] = shape[f][0], l.width[f] = shape[f][1];
        at += shape[f][0] * shape[f][1];
    }
    l.size = at;
}

// The sides in relative order (tensors._relative_sides): rank[side] = k, own side 0, the others
// by their first seat after `me` in the order of play.
void relative_sides(const Core &s, int me, int rank[MAX_SEATS]) {
    int n = s.o.n, first[MAX_SEATS];
    for (int side = 0; side < s.n_sides; ++side) {
        first[side] = n;
        for (int i = 0; i < s.side_len[side]; ++i) {
            int r = (s.side_seats[side][i] - me + n) % n;
            if (r < first[side]) first[side] = r;
        }
    }
    for (int side = 0; side < s.n_sides; ++side) {
        rank[side] = 0;
        for (int other = 0; other < s.n_sides; ++other)
            rank[side] += first[other] < first[side] || (first[other] == first[side] && other < side);
    }
}

// Each card of a meld (gioco) once per copy into `plane` (melds.meld_cards, as counts).
void add_meld_cards(uint32_t m, float *plane) {
    int wild = meld_wild(m);
    if (wild >= 0) plane[wild] += 1;
    if (is_group(m)) {
        for (int suit = 0; suit < 4; ++suit) plane[suit * 13 + group_rank(m) - 1] += group_count(m, suit);
        return;
    }
    int suit = run_suit(m), gap = run_gap(m);
    for (int p = run_lo(m); p <= run_hi(m); ++p)
        if (p != gap) plane[position_card(suit, p)] += 1;
}

// One side's melds: its `melded` and `fits` rows and its `side_melds` row (burraco kinds by
// shape, the semi-clean counted as the tensor's docstring says).
void encode_side(const Core &s, int side, float *melded, float *fits, float *row) {
    int kinds[4] = {0, 0, 0, 0}, longest_open = 0;
    AttachList al;
    for (int i = 0; i < s.n_melds[side]; ++i) {
        uint32_t m = s.melds[side][i];
        add_meld_cards(m, melded);
        attachments(m, al);
        for (int a = 0; a < al.n; ++a) fits[al.a[a].card] = 1;
        int kind = burraco_kind(m, true);
        kinds[kind]++;
        if (kind == NOT_BURRACO && meld_size(m) > longest_open) longest_open = meld_size(m);
    }
    row[0] = (float)(s.n_melds[side] / 10.0);
    row[1] = (float)(kinds[CLEAN] / 4.0), row[2] = (float)(kinds[SEMICLEAN] / 4.0), row[3] = (float)(kinds[DIRTY] / 4.0);
    row[4] = (float)((double)longest_open / BURRACO_SIZE);
}

// The card planes: hand, pile and its top, the single pile card, the known cards of the other
// seats, each side's melds; `unseen` is the deck less all of them.
void encode_cards(const Core &s, int me, const int rank[MAX_SEATS], const TensorLayout &l, float *t) {
    int n = s.o.n, decks = n >= 5 ? 3 : 2;
    float *unseen = t + l.at[F_UNSEEN];
    for (int c = 0; c < NUM_TYPES; ++c) {
        t[l.at[F_HAND] + c] = s.hand[me][c];
        unseen[c] = (float)(c == JOKER ? 2 * decks : decks) - s.hand[me][c];
    }
    for (int i = 0; i < s.pile_len; ++i) {
        t[l.at[F_PILE] + s.pile[i]] += 1;
        unseen[s.pile[i]] -= 1;
    }
    if (s.pile_len) t[l.at[F_PILE_TOP] + s.pile[s.pile_len - 1]] = 1;
    if (s.single >= 0) t[l.at[F_SINGLE] + s.single] = 1;
    for (int r = 1; r < n; ++r) {
        const uint8_t *known = s.known[(me + r) % n];
        float *row = t + l.at[F_KNOWN] + (r - 1) * NUM_TYPES;
        for (int c = 0; c < NUM_TYPES; ++c) {
            row[c] = known[c];
            unseen[c] -= known[c];
        }
    }
    for (int side = 0; side < s.n_sides; ++side) {
        int k = rank[side];
        float *melded = t + l.at[F_MELDED] + k * NUM_TYPES;
        encode_side(s, side, melded, t + l.at[F_FITS] + k * NUM_TYPES, t + l.at[F_SIDE_MELDS] + k * SIDE_ROW);
        for (int c = 0; c < NUM_TYPES; ++c) unseen[c] -= melded[c];
    }
}

// The seats (relative: r places after `me`), their sides, the pozzetti and the scores.
void encode_seats(const Core &s, int me, const int rank[MAX_SEATS], const TensorLayout &l, float *t) {
    int n = s.o.n;
    for (int r = 0; r < n; ++r) {
        int seat = (me + r) % n;
        t[l.at[F_HAND_SIZES] + r] = (float)((double)s.size[seat] / HAND_SIZE);
        t[l.at[F_PENDING] + r] = (float)((double)s.pending_len[seat] / HAND_SIZE);
        t[l.at[F_SEAT_SIDE] + r * l.sides + rank[s.side_of[seat]]] = 1;
        double score = s.scores[seat] / SCORE_UNIT;
        t[l.at[F_SCORES] + r] = (float)(score > MAX_SCORE ? MAX_SCORE : score < -MAX_SCORE ? -MAX_SCORE : score);
    }
    if (s.phase == DRAW_PHASE || s.phase == PLAY) t[l.at[F_TO_ACT] + (s.turn - me + n) % n] = 1;
    for (int k = 0; k < s.n_pozz; ++k) {
        if (s.pozz_owner[k] < 0) t[l.at[F_FREE_POZZ]] += 1;
        else if (s.pozz_taken[k]) t[l.at[F_POZZ_TAKEN] + rank[s.pozz_owner[k]]] = 1;
    }
}

// The phase, the stock, the flags, the stall and time-out counters, the turn, the rule set.
void encode_scalars(const Core &s, const TensorLayout &l, float *t) {
    double twice_players = 2.0 * s.o.n;
    if (s.phase == DRAW_PHASE || s.phase == PLAY) t[l.at[F_PHASE] + (s.phase == PLAY)] = 1;
    t[l.at[F_STOCK]] = (float)(s.stock_len / 100.0);
    float *flags = t + l.at[F_FLAGS];
    flags[0] = s.must_meld, flags[1] = s.last_turn, flags[2] = s.timeout, flags[3] = s.alone;
    double stall = s.stall / twice_players, left = (s.timeout ? s.plays_left : 0) / twice_players;
    t[l.at[F_STALL]] = (float)(stall < 1 ? stall : 1.0);
    t[l.at[F_TIME_OUT_LEFT]] = (float)(left < 1 ? left : 1.0);
    t[l.at[F_TURN]] = (float)((s.turn_no < MAX_TURN ? s.turn_no : MAX_TURN) / MAX_TURN);
    t[l.at[F_RULE_SET] + s.o.rule_set] = 1;
}

void encode_tensor(const Core &s, int me, float *t) {
    const TensorLayout &l = LAYOUTS[s.o.n];
    int rank[MAX_SEATS];
    memset(t, 0, sizeof(float) * l.size);
    relative_sides(s, me, rank);
    encode_cards(s, me, rank, l, t);
    encode_seats(s, me, rank, l, t);
    encode_scalars(s, l, t);
}

// 1 on the legal actions where `me` is to act, 0 elsewhere (tensors.fill_action_mask).
void encode_mask(StateObject *self, int me, int8_t *mask) {
    const Core &s = self->c;
    memset(mask, 0, NUM_ACTIONS);
    if ((s.phase != DRAW_PHASE && s.phase != PLAY) || s.turn != me) return;
    if (self->legal) {  // made already: read it rather than generate the moves again
        Py_ssize_t n = PyList_GET_SIZE(self->legal);
        for (Py_ssize_t i = 0; i < n; ++i) mask[PyLong_AsLong(PyList_GET_ITEM(self->legal, i))] = 1;
        return;
    }
    uint16_t buf[MAX_LEGAL];
    int n = legal_actions(s, buf);
    for (int i = 0; i < n; ++i) mask[buf[i]] = 1;
}

// A writable C-contiguous buffer of `count` items of `itemsize` bytes, or a TypeError/ValueError.
bool get_out_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t count, const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return false;
    const char *format = view->format ? view->format : "B";
    bool kind_ok = itemsize == 4 ? !strcmp(format, "f") : (!strcmp(format, "b") || !strcmp(format, "B"));
    if (!kind_ok || view->itemsize != itemsize || view->len != itemsize * count) {
        PyErr_Format(PyExc_ValueError, "the %s must be a writable contiguous %s array of %zd values",
                     what, itemsize == 4 ? "float32" : "int8", count);
        PyBuffer_Release(view);
        return false;
    }
    return true;
}

PyObject *State_encode_observation(StateObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode_observation(seat, tensor, mask): mask may be None");
        return nullptr;
    }
    int n = self->c.o.n;
    long seat = PyLong_AsLong(args[0]);
    if (seat == -1 && PyErr_Occurred()) return nullptr;
    if (seat < 0 || seat >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not at this table (0..%d)", seat, n - 1);
        return nullptr;
    }
    Py_buffer tensor, mask;
    if (!get_out_buffer(args[1], &tensor, 4, LAYOUTS[n].size, "tensor")) return nullptr;
    if (args[2] != Py_None && !get_out_buffer(args[2], &mask, 1, NUM_ACTIONS, "action mask")) {
        PyBuffer_Release(&tensor);
        return nullptr;
    }
    encode_tensor(self->c, (int)seat, (float *)tensor.buf);
    PyBuffer_Release(&tensor);
    if (args[2] != Py_None) {
        encode_mask(self, (int)seat, (int8_t *)mask.buf);
        PyBuffer_Release(&mask);
    }
    Py_RETURN_NONE;
}

// --- _load(raw): the inverse of _raw, for a position built by the reference engine ----------

bool get_long(PyObject *d, const char *key, long *out) {
    PyObject *v = PyDict_GetItemString(d, key);  // borrowed
    if (!v) {
        PyErr_Format(PyExc_KeyError, "%s", key);
        return false;
    }
    *out = PyLong_AsLong(v);  // bools are ints
    return !(*out == -1 && PyErr_Occurred());
}

bool get_bytes(PyObject *seq_obj, uint8_t *out, int max, int *n) {
    PyObject *seq = PySequence_Fast(seq_obj, "a list of small ints");
    if (!seq) return false;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (len > max) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "too many entries for the core");
        return false;
    }
    for (Py_ssize_t i = 0; i < len; ++i) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((v == -1 && PyErr_Occurred()) || v < 0 || v > 255) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a value out of range");
            return false;
        }
        out[i] = (uint8_t)v;
    }
    *n = (int)len;
    Py_DECREF(seq);
    return true;
}

PyObject *get_list(PyObject *d, const char *key) {  // borrowed, a list
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v || !PyList_Check(v)) {
        PyErr_Format(PyExc_ValueError, "%s: a list", key);
        return nullptr;
    }
    return v;
}

bool load_core(Core &s, PyObject *d) {
    long v;
    int n = s.o.n, k;
    // Each scalar within the range its field holds (nothing cut to fit), named where it is not.
#define LONG(key, field, lo, hi)                                                    \
    if (!get_long(d, key, &v)) return false;                                        \
    if (v < (lo) || v > (hi)) {                                                     \
        PyErr_Format(PyExc_ValueError, "%s: %ld is out of range (%d..%d)", key, v, (int)(lo), (int)(hi)); \
        return false;                                                               \
    }                                                                               \
    s.field = v;
    LONG("phase", phase, 0, OVER) LONG("turn", turn, 0, n - 1) LONG("turn_number", turn_no, 0, 65535)
    LONG("dealer", dealer, 0, n - 1) LONG("hand_number", hand_no, 0, 65535) LONG("alone", alone, 0, 1)
    LONG("formed", formed, 0, 1) LONG("single", single, -1, NUM_TYPES - 1) LONG("must_meld", must_meld, 0, 1)
    LONG("stall", stall, 0, 65535) LONG("last_turn", last_turn, 0, 1) LONG("closed_by", closed_by, -1, n - 1)
    LONG("time_out", timeout, 0, 1) LONG("plays_left", plays_left, 0, 65535)
#undef LONG
    PyObject *scores = get_list(d, "scores"), *hands = get_list(d, "hands"), *known = get_list(d, "known"),
             *pending = get_list(d, "pending"), *shunned = get_list(d, "shunned");
    if (!scores || !hands || !known || !pending || !shunned) return false;
    if (PyList_GET_SIZE(scores) != n || PyList_GET_SIZE(hands) != n || PyList_GET_SIZE(known) != n ||
        PyList_GET_SIZE(pending) != n || PyList_GET_SIZE(shunned) != n) {
        PyErr_SetString(PyExc_ValueError, "one entry per seat");
        return false;
    }
    s.scores_float = 0;
    memset(s.hand, 0, sizeof s.hand), memset(s.size, 0, sizeof s.size), memset(s.present, 0, sizeof s.present);
    memset(s.mask, 0, sizeof s.mask), memset(s.ranks, 0, sizeof s.ranks), memset(s.pairs, 0, sizeof s.pairs);
    for (int seat = 0; seat < n; ++seat) {
        PyObject *sc = PyList_GET_ITEM(scores, seat);
        s.scores[seat] = PyFloat_AsDouble(sc);
        if (PyErr_Occurred()) return false;
        if (PyFloat_Check(sc)) s.scores_float |= (uint8_t)(1u << seat);
        uint8_t counts[NUM_TYPES];
        if (!get_bytes(PyList_GET_ITEM(hands, seat), counts, NUM_TYPES, &k) || k != NUM_TYPES) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a hand is 53 counts");
            return false;
        }
        for (int c = 0; c < NUM_TYPES; ++c)
            for (int j = 0; j < counts[c]; ++j) add_card(s, seat, c);
        if (!get_bytes(PyList_GET_ITEM(known, seat), s.known[seat], NUM_TYPES, &k) || k != NUM_TYPES) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "known is 53 counts");
            return false;
        }
        if (!get_bytes(PyList_GET_ITEM(pending, seat), s.pending[seat], MAX_POZZ, &k)) return false;
        s.pending_len[seat] = (uint8_t)k;
        s.shunned[seat] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(shunned, seat));
        if (PyErr_Occurred()) return false;
        if (s.shunned[seat] >> NUM_TYPES) {
            PyErr_SetString(PyExc_ValueError, "shunned is a bit per card type");
            return false;
        }
    }
    PyObject *stock = get_list(d, "stock"), *pile = get_list(d, "pile");
    if (!stock || !pile || !get_bytes(stock, s.stock, MAX_CARDS, &k)) return false;
    s.stock_len = (uint8_t)k;
    if (!get_bytes(pile, s.pile, MAX_CARDS, &k)) return false;
    s.pile_len = (uint8_t)k;
    PyObject *pozz = get_list(d, "pozzetti");
    if (!pozz || PyList_GET_SIZE(pozz) > MAX_SEATS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "at most 6 pozzetti");
        return false;
    }
    s.n_pozz = (uint8_t)PyList_GET_SIZE(pozz);
    for (int p = 0; p < s.n_pozz; ++p) {
        PyObject *cards;
        int owner, taken;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(pozz, p), "Oip", &cards, &owner, &taken)) return false;
        if (!get_bytes(cards, s.pozz[p], MAX_POZZ, &k)) return false;
        s.pozz_len[p] = (uint8_t)k, s.pozz_owner[p] = (int8_t)owner, s.pozz_taken[p] = (uint8_t)taken;
    }
    PyObject *sides = get_list(d, "sides"), *melds = get_list(d, "melds");
    if (!sides || !melds || PyList_GET_SIZE(sides) > MAX_SEATS || PyList_GET_SIZE(melds) != PyList_GET_SIZE(sides)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "sides and their melds");
        return false;
    }
    s.n_sides = (uint8_t)PyList_GET_SIZE(sides);
    for (int side = 0; side < s.n_sides; ++side) {
        if (!get_bytes(PyList_GET_ITEM(sides, side), s.side_seats[side], MAX_SEATS, &k)) return false;
        s.side_len[side] = (uint8_t)k;
        for (int j = 0; j < k; ++j) {
            if (s.side_seats[side][j] >= n) {
                PyErr_SetString(PyExc_ValueError, "a side's seat out of range");
                return false;
            }
            s.side_of[s.side_seats[side][j]] = (uint8_t)side;
        }
        PyObject *ml = PyList_GET_ITEM(melds, side);
        if (!PyList_Check(ml) || PyList_GET_SIZE(ml) > MAX_MELDS) {
            PyErr_SetString(PyExc_ValueError, "a side's melds: a list of at most 54");
            return false;
        }
        s.n_melds[side] = (uint8_t)PyList_GET_SIZE(ml);
        for (int i = 0; i < s.n_melds[side]; ++i) {
            s.melds[side][i] = (uint32_t)PyLong_AsUnsignedLongMask(PyList_GET_ITEM(ml, i));
            if (PyErr_Occurred()) return false;
        }
    }
    for (int p = 0; p < s.n_pozz; ++p)
        if (s.pozz_owner[p] < -1 || s.pozz_owner[p] >= s.n_sides) {
            PyErr_SetString(PyExc_ValueError, "a pozzetto's side out of range");
            return false;
        }
    refresh_side_pozzetti(s);
    PyObject *results = get_list(d, "results"), *history = get_list(d, "history");
    if (!results || !history) return false;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(results); ++i) {
        int number, ended_by;
        PyObject *rs, *cr;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(results, i), "iiOO", &number, &ended_by, &rs, &cr)) return false;
        if (!PyList_Check(rs) || PyList_GET_SIZE(rs) > MAX_SEATS || !PyList_Check(cr) || PyList_GET_SIZE(cr) != n) {
            PyErr_SetString(PyExc_ValueError, "a hand result");
            return false;
        }
        if (s.results_len == s.results_cap) {
            uint32_t cap = s.results_cap ? s.results_cap * 2 : 4;
            HandResult *grown = (HandResult *)realloc(s.results, sizeof(HandResult) * cap);
            if (!grown) {
                PyErr_NoMemory();
                return false;
            }
            s.results = grown, s.results_cap = cap;
        }
        HandResult &r = s.results[s.results_len++];
        memset(&r, 0, sizeof r);
        r.number = (int16_t)number, r.ended_by = (uint8_t)ended_by, r.n_sides = (uint8_t)PyList_GET_SIZE(rs);
        for (int side = 0; side < r.n_sides; ++side) {
            SideResult &sr = r.sides[side];
            PyObject *seats;
            int clean, semi, dirty;
            if (!PyArg_ParseTuple(PyList_GET_ITEM(rs, side), "O(iii)iiiii", &seats, &clean, &semi, &dirty,
                                  &sr.closing, &sr.bonus, &sr.melded, &sr.in_hand, &sr.pozzetto))
                return false;
            sr.kinds[CLEAN] = (uint8_t)clean, sr.kinds[SEMICLEAN] = (uint8_t)semi, sr.kinds[DIRTY] = (uint8_t)dirty;
            if (!get_bytes(seats, sr.seats, MAX_SEATS, &k)) return false;
            sr.n_seats = (uint8_t)k;
        }
        for (int seat = 0; seat < n; ++seat) {
            PyObject *c = PyList_GET_ITEM(cr, seat);
            r.credited[seat] = PyFloat_AsDouble(c);
            if (PyErr_Occurred()) return false;
            if (PyFloat_Check(c)) r.credited_float |= (uint8_t)(1u << seat);
        }
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(history); ++i) {
        long a = PyLong_AsLong(PyList_GET_ITEM(history, i));
        if (a == -1 && PyErr_Occurred()) return false;
        if (!push_history(s, (int)a)) {
            PyErr_NoMemory();
            return false;
        }
    }
    return true;
}

// Whether a loaded state keeps every index in range (the core trusts its fields afterwards).
bool valid_core(const Core &s) {
    int n = s.o.n;
    auto cards_ok = [](const uint8_t *cards, int len) {
        for (int i = 0; i < len; ++i)
            if (cards[i] >= NUM_TYPES) return false;
        return true;
    };
    if (s.phase > OVER || s.turn >= n || s.dealer >= n || s.single < -1 || s.single >= NUM_TYPES ||
        s.closed_by < -1 || s.closed_by >= n || s.n_sides < 1 || s.n_sides > n || s.n_pozz > MAX_SEATS)
        return false;
    if (!cards_ok(s.stock, s.stock_len) || !cards_ok(s.pile, s.pile_len)) return false;
    for (int seat = 0; seat < n; ++seat)
        if (!cards_ok(s.pending[seat], s.pending_len[seat])) return false;
    for (int k = 0; k < s.n_pozz; ++k)
        if (!cards_ok(s.pozz[k], s.pozz_len[k]) || s.pozz_owner[k] < -1 || s.pozz_owner[k] >= s.n_sides) return false;
    int placed = 0;
    for (int side = 0; side < s.n_sides; ++side) {
        for (int j = 0; j < s.side_len[side]; ++j)
            if (s.side_seats[side][j] >= n) return false;
        placed += s.side_len[side];
    }
    if (placed != n) return false;
    for (uint32_t i = 0; i < s.history_len; ++i)
        if (s.history[i] > NUM_ACTIONS) return false;
    for (uint32_t i = 0; i < s.results_len; ++i)
        for (int side = 0; side < s.results[i].n_sides; ++side)
            for (int j = 0; j < s.results[i].sides[side].n_seats; ++j)
                if (s.results[i].sides[side].seats[j] >= n) return false;
    return true;
}

PyObject *State_load(StateObject *self, PyObject *d) {
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, "_load takes the dict _raw gives");
        return nullptr;
    }
    Options o = self->c.o;
    free_core(self->c);
    init_core(self->c, o);
    forget_legal(self);
    bool ok = load_core(self->c, d);
    if (ok && !valid_core(self->c)) {
        PyErr_SetString(PyExc_ValueError, "not a Burraco state of this game: a seat, card or index out of range");
        ok = false;
    }
    if (!ok) {
        free_core(self->c);
        init_core(self->c, o);
        return nullptr;
    }
    Py_RETURN_NONE;
}

PyObject *State_sizeof(StateObject *self, PyObject *) {
    size_t bytes = sizeof(StateObject) + sizeof(uint16_t) * self->c.history_cap +
                   sizeof(HandResult) * self->c.results_cap;
    return PyLong_FromSize_t(bytes);
}

PyObject *State_get_phase_index(StateObject *self, void *) { return PyLong_FromLong(self->c.phase); }
PyObject *State_get_turn_no(StateObject *self, void *) { return PyLong_FromLong(self->c.turn_no); }
PyObject *State_get_hands_played(StateObject *self, void *) { return PyLong_FromLong(self->c.results_len); }
PyObject *State_get_timeout(StateObject *self, void *) { return PyBool_FromLong(self->c.timeout); }
PyObject *State_get_history_len(StateObject *self, void *) { return PyLong_FromLong(self->c.history_len); }

#include "_strong.cpp"  // heuristic:strong in the core: SeatView, StrongBot, setup_strong
#include "_easy.cpp"    // heuristic:easy in the core: EasyBot, CPython's Mersenne Twister
#include "_search.cpp"  // search in the core: the determinization, SO-ISMCTS (Ismcts)
#include "_pimc.cpp"    // determinized rollouts of strong (Pimc)
#include "_vec.cpp"     // N tables stepped in the core for tavolo.rl.vector (Vec)

PyMethodDef State_methods[] = {
    {"legal_actions", (PyCFunction)State_legal_actions, METH_NOARGS, "The legal action ids, in the engine's order."},
    {"current_player", (PyCFunction)State_current_player, METH_NOARGS, "The seat to act, CHANCE or TERMINAL."},
    {"is_terminal", (PyCFunction)State_is_terminal, METH_NOARGS, "Whether the match is over."},
    {"is_chance_node", (PyCFunction)State_is_chance_node, METH_NOARGS, "Whether a deal is due."},
    {"apply", (PyCFunction)State_apply, METH_O, "Play a legal action; an illegal one goes to _not_legal."},
    {"apply_legal", (PyCFunction)State_apply, METH_O, "Play a legal action; refuse any other as apply does."},
    {"_apply_unchecked", (PyCFunction)State_apply_unchecked, METH_O, "Play an action known to be legal, unchecked."},
    {"_deal", (PyCFunction)State_deal, METH_O, "Lay out a hand from a deck order (bottom card first)."},
    {"clone", (PyCFunction)State_clone, METH_NOARGS, "An independent copy."},
    {"returns", (PyCFunction)State_returns, METH_NOARGS, "What each seat has earned so far."},
    {"last_hand_credited", (PyCFunction)State_last_hand_credited, METH_NOARGS,
     "The points each seat was credited at the last hand's end."},
    {"playout", (PyCFunction)State_playout, METH_O,
     "Uniform random play inside the core until the match ends, seeded; the decisions made."},
    {"_time_out", (PyCFunction)State_time_out, METH_NOARGS, "Announce the time-out (checks made by the caller)."},
    {"_raw", (PyCFunction)State_raw, METH_NOARGS, "Every field as plain Python values."},
    {"_observe", (PyCFunction)State_observe, METH_O, "One seat's observation fields, as a flat tuple."},
    {"encode_observation", (PyCFunction)(void (*)(void))State_encode_observation, METH_FASTCALL,
     "encode_observation(seat, tensor, mask): write the seat's RL tensor (float32, tensors.Layout) and its "
     "action mask (int8, or None: not written) in place."},
    {"_load", (PyCFunction)State_load, METH_O, "Set every field from a dict like _raw's."},
    {"_determinize", (PyCFunction)State_determinize, METH_VARARGS,
     "_determinize(seat, seed): a new state, the cards the seat has not seen dealt again at random."},
    {"_seat_view", (PyCFunction)State_seat_view, METH_O,
     "A link for the seat's observation: the core's strong bot reads the seat's view through it."},
    {"native_bytes", (PyCFunction)State_sizeof, METH_NOARGS, "Bytes this state holds in memory."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef State_getset[] = {
    {"_phase", (getter)State_get_phase_index, nullptr, "the phase index", nullptr},
    {"turn_number", (getter)State_get_turn_no, nullptr, "turns begun in this hand, minus one", nullptr},
    {"hands_played", (getter)State_get_hands_played, nullptr, "hands ended so far", nullptr},
    {"_timeout", (getter)State_get_timeout, nullptr, "whether time was called", nullptr},
    {"_history_len", (getter)State_get_history_len, nullptr, "actions recorded", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMemberDef State_members[] = {
    {"game", T_OBJECT, offsetof(StateObject, game), READONLY, "the game"},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(StateObject, weakrefs), READONLY, nullptr},
    {"__dictoffset__", T_PYSSIZET, offsetof(StateObject, dict), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr},
};

PyType_Slot State_slots[] = {
    {Py_tp_doc, (void *)"A Burraco match in the compiled core (see tavolo.games.burraco.native)."},
    {Py_tp_new, (void *)State_new},
    {Py_tp_init, (void *)State_init},
    {Py_tp_dealloc, (void *)State_dealloc},
    {Py_tp_traverse, (void *)State_traverse},
    {Py_tp_clear, (void *)State_clear},
    {Py_tp_methods, State_methods},
    {Py_tp_getset, State_getset},
    {Py_tp_members, State_members},
    {0, nullptr},
};

PyType_Spec State_spec = {
    "tavolo.games.burraco._core.Core",
    sizeof(StateObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    State_slots,
};

// setup(templates, attach base, number of actions, mates): the templates [(packed meld, card,
// card, card)] in actions.TEMPLATES order; cards.MATES as a bit mask per card type.
PyObject *mod_setup(PyObject *, PyObject *args) {
    PyObject *templates, *mates;
    int attach_base, num_actions;
    if (!PyArg_ParseTuple(args, "OiiO", &templates, &attach_base, &num_actions, &mates)) return nullptr;
    if (PySequence_Size(mates) != NUM_TYPES) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "mates: one mask per card type");
        return nullptr;
    }
    for (int c = 0; c < NUM_TYPES; ++c) {
        PyObject *mask = PySequence_GetItem(mates, c);
        if (!mask) return nullptr;
        MATES[c] = PyLong_AsUnsignedLongLong(mask);
        Py_DECREF(mask);
        if (PyErr_Occurred()) return nullptr;
    }
    PyObject *seq = PySequence_Fast(templates, "templates");
    if (!seq) return nullptr;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (OPEN_BASE + n != attach_base || num_actions >= 8192) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the action space does not match the templates");
        return nullptr;
    }
    free(TEMPLATE_MELD);
    free(TEMPLATE_CARDS);
    TEMPLATE_MELD = (uint32_t *)malloc(sizeof(uint32_t) * n);
    TEMPLATE_CARDS = (uint8_t(*)[3])malloc(3 * n);
    memset(NAT3, -1, sizeof NAT3);
    memset(ADJ, -1, sizeof ADJ);
    memset(GAPT, -1, sizeof GAPT);
    memset(G3, -1, sizeof G3);
    memset(G2, -1, sizeof G2);
    for (Py_ssize_t i = 0; i < n; ++i) {
        unsigned long packed;
        int a, b, c;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "kiii", &packed, &a, &b, &c)) {
            Py_DECREF(seq);
            return nullptr;
        }
        uint32_t m = (uint32_t)packed;
        TEMPLATE_MELD[i] = m;
        TEMPLATE_CARDS[i][0] = (uint8_t)a, TEMPLATE_CARDS[i][1] = (uint8_t)b, TEMPLATE_CARDS[i][2] = (uint8_t)c;
        int w = meld_wild(m);
        if (!is_group(m)) {
            int s = run_suit(m), lo = run_lo(m);
            if (w < 0) NAT3[s][lo] = (int16_t)i;
            else if (run_gap(m) == 0) ADJ[s][lo][wild_index(w)] = (int16_t)i;
            else GAPT[s][lo][wild_index(w)] = (int16_t)i;
        } else {
            int counts[4] = {group_count(m, 0), group_count(m, 1), group_count(m, 2), group_count(m, 3)};
            int total = counts[0] + counts[1] + counts[2] + counts[3];
            int ci = combo_index(counts, total);
            if (ci < 0) {
                Py_DECREF(seq);
                PyErr_SetString(PyExc_ValueError, "a group template of an unknown shape");
                return nullptr;
            }
            if (w < 0) G3[group_rank(m)][ci] = (int16_t)i;
            else G2[group_rank(m)][ci][wild_index(w)] = (int16_t)i;
        }
    }
    Py_DECREF(seq);
    NUM_TEMPLATES = (int)n;
    ATTACH_BASE = attach_base;
    NUM_ACTIONS = num_actions;
    Py_RETURN_NONE;
}

// Meld checks exposed for the tests: the same answers as melds.py.
PyObject *mod_attachments(PyObject *, PyObject *arg) {
    uint32_t m = (uint32_t)PyLong_AsUnsignedLongMask(arg);
    if (PyErr_Occurred()) return nullptr;
    AttachList al;
    attachments(m, al);
    PyObject *out = PyTuple_New(al.n);
    for (int i = 0; i < al.n; ++i)
        PyTuple_SET_ITEM(out, i, Py_BuildValue("(iik)", al.a[i].card, al.a[i].variant, (unsigned long)al.a[i].after));
    return out;
}

PyObject *mod_meld_facts(PyObject *, PyObject *args) {
    unsigned long m;
    int semi;
    if (!PyArg_ParseTuple(args, "kp", &m, &semi)) return nullptr;
    return Py_BuildValue("(iii)", meld_size((uint32_t)m), meld_points((uint32_t)m), burraco_kind((uint32_t)m, semi));
}

// bench_playouts(players, hands, seed): whole hands dealt and played at random inside the core
// (fibur rules, one hand a match); the decisions made.
PyObject *mod_bench_playouts(PyObject *, PyObject *args) {
    int players, hands;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "iiK", &players, &hands, &seed)) return nullptr;
    if (players < 2 || players > MAX_SEATS || !NUM_TEMPLATES) {
        PyErr_SetString(PyExc_ValueError, "2 to 6 players, after setup()");
        return nullptr;
    }
    Options o;
    o.n = (uint8_t)players;
    o.target = -1;
    Core *s = (Core *)malloc(sizeof(Core));
    if (!s) return PyErr_NoMemory();
    Rng rng{seed};
    long decisions = 0;
    for (int h = 0; h < hands; ++h) {  // the GIL kept: the attachments' memo is shared
        init_core(*s, o);
        decisions += playout(*s, rng, false);
        free_core(*s);
    }
    free(s);
    return PyLong_FromLong(decisions);
}

// tensor_layout(players): the RL tensor's fields as (name, offset, rows, width), in order; the
// tests hold it equal to tavolo.rl.tensors.Layout.
PyObject *mod_tensor_layout(PyObject *, PyObject *arg) {
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return nullptr;
    if (n < 2 || n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "2 to 6 players");
        return nullptr;
    }
    const TensorLayout &l = LAYOUTS[n];
    PyObject *out = PyTuple_New(NUM_FIELDS);
    if (!out) return nullptr;
    for (int f = 0; f < NUM_FIELDS; ++f) {
        PyObject *field = Py_BuildValue("(siii)", FIELD_NAMES[f], l.at[f], l.rows[f], l.width[f]);
        if (!field) {
            Py_DECREF(out);
            return nullptr;
        }
        PyTuple_SET_ITEM(out, f, field);
    }
    return out;
}

PyObject *mod_set_hand_order(PyObject *, PyObject *arg) {
    uint8_t order[NUM_TYPES];
    int n = 0;
    if (!get_bytes(arg, order, NUM_TYPES, &n)) return nullptr;
    uint64_t seen = 0;
    for (int i = 0; i < n; ++i) seen |= 1ull << order[i];
    if (n != NUM_TYPES || seen != (1ull << NUM_TYPES) - 1) {
        PyErr_SetString(PyExc_ValueError, "the hand order must list every card type once");
        return nullptr;
    }
    memcpy(HAND_ORDER, order, NUM_TYPES);
    Py_RETURN_NONE;
}

PyMethodDef module_methods[] = {
    {"set_hand_order", mod_set_hand_order, METH_O, "The card types in the order a hand is shown."},
    {"setup", mod_setup, METH_VARARGS, "Give the core the opening templates and the action space."},
    {"attachments", mod_attachments, METH_O, "(card, variant, packed meld after) for a packed meld."},
    {"meld_facts", mod_meld_facts, METH_VARARGS, "(size, points, burraco kind) of a packed meld."},
    {"bench_playouts", mod_bench_playouts, METH_VARARGS, "Random hands inside the core; the decisions made."},
    {"tensor_layout", mod_tensor_layout, METH_O, "The RL tensor's fields: (name, offset, rows, width)."},
    {"setup_strong", mod_setup_strong, METH_VARARGS, "Give the strong bot reading.SAME_RANK, RUN_NEAR, BETWEEN."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled Burraco core (issue 27).", -1, module_methods,
    nullptr, nullptr, nullptr, nullptr,
};

}  // namespace

PyMODINIT_FUNC PyInit__core(void) {
    build_combos();
    for (int n = 2; n <= MAX_SEATS; ++n) build_layout(LAYOUTS[n], n);
    for (int i = 0; i < NUM_TYPES; ++i) HAND_ORDER[i] = (uint8_t)i;
    for (int i = 0; i < 8192; ++i) {
        ACTION_INTS[i] = PyLong_FromLong(i);
        if (!ACTION_INTS[i]) return nullptr;
    }
    INT_CHANCE = PyLong_FromLong(-1);
    INT_TERMINAL = PyLong_FromLong(-4);
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return nullptr;
    PyObject *type = PyType_FromSpec(&State_spec);
    if (!type || PyModule_AddObject(m, "Core", type) < 0) {
        Py_XDECREF(type);
        Py_DECREF(m);
        return nullptr;
    }
    PyObject *view_type = PyType_FromSpec(&SeatView_spec);
    PyObject *bot_type = PyType_FromSpec(&StrongBot_spec);
    SEAT_VIEW_TYPE = (PyTypeObject *)view_type;
    STRONG_BOT_TYPE = (PyTypeObject *)bot_type;
    Py_XINCREF(view_type);
    Py_XINCREF(bot_type);
    if (!view_type || !bot_type || PyModule_AddObject(m, "SeatView", view_type) < 0 ||
        PyModule_AddObject(m, "StrongBot", bot_type) < 0) {
        Py_DECREF(m);
        return nullptr;
    }
    PyObject *easy_type = PyType_FromSpec(&EasyBot_spec);
    EASY_BOT_TYPE = (PyTypeObject *)easy_type;
    Py_XINCREF(easy_type);
    if (!easy_type || PyModule_AddObject(m, "EasyBot", easy_type) < 0) {
        Py_DECREF(m);
        return nullptr;
    }
    PyObject *ismcts_type = PyType_FromSpec(&Ismcts_spec);
    if (!ismcts_type || PyModule_AddObject(m, "Ismcts", ismcts_type) < 0) {
        Py_DECREF(m);
        return nullptr;
    }
    PyObject *pimc_type = PyType_FromSpec(&Pimc_spec);
    if (!pimc_type || PyModule_AddObject(m, "Pimc", pimc_type) < 0) {
        Py_DECREF(m);
        return nullptr;
    }
    CORE_TYPE = (PyTypeObject *)type;
    PyObject *vec_type = PyType_FromSpec(&Vec_spec);
    if (!vec_type || PyModule_AddObject(m, "Vec", vec_type) < 0) {
        Py_DECREF(m);
        return nullptr;
    }
    PyModule_AddIntConstant(m, "MAX_LEGAL", (long)MAX_LEGAL);
    PyModule_AddIntConstant(m, "STATE_BYTES", (long)sizeof(StateObject));
    PyModule_AddIntConstant(m, "CORE_BYTES", (long)sizeof(Core));
    return m;
}
