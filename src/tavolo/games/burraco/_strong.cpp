// heuristic:strong in the core (issue 27): tavolo.bots.heuristic's level "strong" (its table
// reading, _Table, the turn planner tavolo.bots.planner.plan_turn and the draw by plan), the same
// choice as the Python bot at every decision; and the level "normal", the same reading and
// planner less strong's timing and partner rules, with the draw by weighing the pile. Included
// by _core.cpp inside its namespace: it uses the core's state, melds, attachments and templates.
// The Python bot stays the reference (tests/bots/test_strong_core.py, test_normal_core.py and
// tests/burraco/test_native_differential.py hold the two equal); each function below names the
// Python function it follows, and computes its doubles in the same order, so that every value
// (and so every tie) is the same number.
//
// What it reads of the state: only what _observe(seat) hands out (the seat's own hand, the hand
// sizes, sides, melds, pile, stock size, pozzetti's sizes, sides and flags, the cards others took
// from the pile, the single pile card, must-meld, turn and hand numbers): never another hand, the
// pozzetti's cards or the stock's order.
//
// No allocation while it plays: a plan's positions live in fixed arrays of the bot object and
// on the stack; the open actions of the positions of one search share one arena made once.

namespace strong {

constexpr double NEVER = -__builtin_inf();
constexpr double HANG = -100.0;
constexpr int PLAN_WIDTH = 6;
constexpr double PRUNE = -60.0;
constexpr int MAX_BUDGET = 80;
constexpr int MAX_DEPTH = MAX_BUDGET + 2;
constexpr int MAX_SIDE_MELDS = MAX_MELDS + 60;  // a side's melds and the turn's openings

// --- the reading tables, from tavolo.bots.reading (given by Python: setup_strong) ------------
uint64_t SAME_RANK_BITS[NUM_TYPES];
uint8_t NEAR_CARD[NUM_TYPES][8], NEAR_DIST[NUM_TYPES][8], NEAR_N[NUM_TYPES];
int8_t BETWEEN_T[NUM_TYPES][NUM_TYPES];
// per template (heuristic.OPEN_GAIN, OPEN_WILD; planner.TEMPLATE_BITS, TEMPLATE_NEEDS, OPEN_GROUPED)
int *OPEN_GAIN_T = nullptr;
int8_t *OPEN_WILD_T = nullptr;
uint64_t *TEMPLATE_BITS_T = nullptr;
uint32_t *OPEN_GROUPED_T = nullptr;
bool READY = false;

inline uint64_t bit(int c) { return 1ull << c; }

struct Weights {  // tavolo.bots.weights.Weights, in its field order
    double wild_keep, points, ending_points, keep, take_at, pile, pile_wild, pile_fit, pile_pair, pile_mate,
        pile_loner, deny, danger, danger_pile, taken_near, close, pozzetto, draw;
};
constexpr int NUM_WEIGHTS = 18;

struct RuleSet {  // RULE_SETS[obs.rule_set] as the bot reads it
    bool semiclean, clean_to_close;
    uint8_t n_group_ranks;
    uint8_t group_ranks[13];
};

// The cards that attach to one packed meld: every card, and the naturals only; remembered per
// meld word (a meld's attachments depend on its word alone: the same masks as computed afresh)
// in a direct-mapped table, since the planner asks for the same melds' fits at every position.
struct MeldFits {
    uint32_t word;
    bool set;
    uint64_t all, naturals;
};
thread_local MeldFits MELD_FITS[4096];  // per thread, as the core's ATTACH_MEMO: searches run without the GIL

const MeldFits &meld_fits(uint32_t m) {
    MeldFits &f = MELD_FITS[(m * 2654435761u) >> 20];
    if (f.set && f.word == m) return f;
    AttachList al;
    attachments(m, al);
    f = MeldFits{m, true, 0, 0};
    for (int j = 0; j < al.n; ++j) {
        f.all |= bit(al.a[j].card);
        if (!is_wild(al.a[j].card)) f.naturals |= bit(al.a[j].card);
    }
    return f;
}

// The cards that attach to any of `melds` (reading.fits), or only the naturals (natural_fits).
uint64_t fits_of(const uint32_t *melds, int n, bool naturals_only) {
    uint64_t out = 0;
    for (int i = 0; i < n; ++i) {
        const MeldFits &f = meld_fits(melds[i]);
        out |= naturals_only ? f.naturals : f.all;
    }
    return out;
}

// reading.closing_burraco
bool closing_burraco(const uint32_t *melds, int n, const RuleSet &rs) {
    for (int i = 0; i < n; ++i) {
        int kind = burraco_kind(melds[i], rs.semiclean);
        if (kind == CLEAN || (kind != NOT_BURRACO && !rs.clean_to_close)) return true;
    }
    return false;
}

// --- what the seat reads of the table (reading.py on the observation's fields) --------------
struct Reading {
    const Core &s;
    int me, n, side;
    const RuleSet &rs;
    bool took_pozzetto(int sd) const {  // reading.took_pozzetto
        for (int k = 0; k < s.n_pozz; ++k)
            if (s.pozz_taken[k] && s.pozz_owner[k] == sd) return true;
        return false;
    }
    bool can_close_soon(int sd) const {  // reading.can_close_soon
        return took_pozzetto(sd) && closing_burraco(s.melds[sd], s.n_melds[sd], rs);
    }
    int next_opponent() const {  // reading.next_opponent
        int nxt = (me + 1) % n;
        return s.side_of[nxt] != side ? nxt : -1;
    }
    int my_turns_left() const {  // reading.my_turns_left
        int rest = s.stock_len - 2;
        return (rest > 0 ? rest : 0) / n;
    }
    double lateness() const {  // heuristic._lateness
        int turns = my_turns_left();
        double late;
        if (turns <= 1) late = 1.0;
        else {
            double x = 1 - (double)turns / 6;
            late = x > 0.0 ? x : 0.0;
        }
        for (int seat = 0; seat < n; ++seat) {
            int sd = s.side_of[seat];
            if (sd != side && s.size[seat] <= 3 && can_close_soon(sd)) return 1.0;
        }
        return late;
    }
    bool hand_ends_soon(bool closable) const {  // heuristic._hand_ends_soon
        if (my_turns_left() == 0) return true;
        for (int seat = 0; seat < n; ++seat) {
            if (seat == me || s.size[seat] > 2) continue;
            int other = s.side_of[seat];
            if ((other == side && closable) || (other != side && can_close_soon(other))) return true;
        }
        return false;
    }
    uint64_t near_taken(int seat) const {  // reading.near_taken of obs.known[seat]
        uint64_t out = 0;
        for (int c = 0; c < NUM_TYPES; ++c) {
            if (!s.known[seat][c] || is_wild(c)) continue;
            out |= SAME_RANK_BITS[c] | bit(c);
            for (int i = 0; i < NEAR_N[c]; ++i) out |= bit(NEAR_CARD[c][i]);
        }
        return out;
    }
    void seen_counts(uint8_t *seen) const {  // reading.seen_counts
        memcpy(seen, s.hand[me], NUM_TYPES);
        for (int i = 0; i < s.pile_len; ++i) seen[s.pile[i]]++;
        for (int sd = 0; sd < s.n_sides; ++sd)
            for (int i = 0; i < s.n_melds[sd]; ++i) {
                uint32_t m = s.melds[sd][i];
                int wild = meld_wild(m);
                if (wild >= 0) seen[wild]++;
                if (is_group(m)) {
                    for (int su = 0; su < 4; ++su) seen[su * 13 + group_rank(m) - 1] += group_count(m, su);
                } else {
                    int su = run_suit(m), gap = run_gap(m);
                    for (int p = run_lo(m); p <= run_hi(m); ++p)
                        if (p != gap) seen[position_card(su, p)]++;
                }
            }
        for (int seat = 0; seat < n; ++seat)
            if (seat != me)
                for (int c = 0; c < NUM_TYPES; ++c) seen[c] += s.known[seat][c];
    }
};

// The legal actions a caller passed: a list and a bit set.
struct Legal {
    int n = 0;
    uint16_t a[MAX_LEGAL];
    uint64_t bits[8192 / 64];
    bool has(int action) const { return action >= 0 && action < 8192 && (bits[action >> 6] >> (action & 63) & 1); }
};

// heuristic._meldable: cards of the hand some open or attach of `moves` would use.
int meldable(const uint8_t *h, const uint16_t *moves, int n) {
    uint64_t used = 0;
    for (int i = 0; i < n; ++i) {
        int a = moves[i];
        if (a >= ATTACH_BASE) used |= bit((a - ATTACH_BASE) / 2 % NUM_TYPES);
        else if (a >= OPEN_BASE) used |= TEMPLATE_BITS_T[a - OPEN_BASE];
    }
    int total = 0;
    for (uint64_t b = used; b; b &= b - 1) total += h[__builtin_ctzll(b)];
    return total;
}

int hand_sum(const uint8_t *h) {
    int total = 0;
    for (int c = 0; c < NUM_TYPES; ++c) total += h[c];
    return total;
}

// Bit c set where h[c] > 0: eight counts at a time (a byte's high bit set where it is not zero,
// the eight high bits gathered into one byte by a multiply), the last five one by one.
uint64_t present_of(const uint8_t *h) {
    constexpr uint64_t LOW7 = 0x7f7f7f7f7f7f7f7full, HIGH = 0x8080808080808080ull;
    uint64_t bits = 0;
    for (int k = 0; k < 6; ++k) {
        uint64_t x;
        memcpy(&x, h + 8 * k, 8);
        uint64_t nonzero = ((((x & LOW7) + LOW7) | x) & HIGH) >> 7;
        bits |= ((nonzero * 0x0102040810204080ull) >> 56) << (8 * k);
    }
    for (int c = 48; c < NUM_TYPES; ++c)
        if (h[c]) bits |= bit(c);
    return bits;
}

// --- the table: heuristic._Table ----------------------------------------------------------
struct Table {
    uint8_t h[NUM_TYPES];
    int single;
    uint64_t danger, taken;
    double danger_weight, out_value, close_value, floor, points_weight;
    bool pozzetto_open, may_close, spend_wilds, must_meld;
    bool clean, dead_cards;  // the rules "clean" (verso il pulito) and "dead" (carte morte): strong's, not easy's
    uint8_t rule_set;
    uint8_t seen[NUM_TYPES];
    uint8_t copies, joker_copies;
    int n_mine;
    uint32_t mine[MAX_MELDS];
    const Weights *w;
    const RuleSet *rs;

    // _Table.__init__ for the seat `v.me` with hand `hand`: at level strong (every rule on), or at
    // level normal (`normal`: strong's reading without out, close, hang, ending and partner).
    void read(const Reading &v, const Weights &wt, const uint8_t *hand, int single_card, const uint16_t *legal,
              int n_legal, bool normal) {
        const Core &s = v.s;
        w = &wt;
        rs = &v.rs;
        memcpy(h, hand, NUM_TYPES);
        single = single_card;
        n_mine = s.n_melds[v.side];
        memcpy(mine, s.melds[v.side], sizeof(uint32_t) * n_mine);
        int nxt = v.next_opponent();
        danger = nxt >= 0 ? fits_of(s.melds[s.side_of[nxt]], s.n_melds[s.side_of[nxt]], true) : 0;
        danger_weight = wt.danger + wt.danger_pile * (double)s.pile_len;
        taken = nxt >= 0 ? v.near_taken(nxt) : 0;
        bool pozzetto = v.took_pozzetto(v.side);
        pozzetto_open = false;
        for (int k = 0; k < s.n_pozz; ++k)
            if (!s.pozz_taken[k] && (s.pozz_owner[k] == v.side || s.pozz_owner[k] == -1)) pozzetto_open = true;
        may_close = pozzetto && s.turn_no >= v.n;
        if (normal) read_beginners_ending(s, wt);
        else read_strong_ending(v, wt, pozzetto, legal, n_legal);
        must_meld = s.must_meld;
        rule_set = s.o.rule_set;
        clean = dead_cards = true;
        v.seen_counts(seen);
        copies = v.n >= 5 ? 3 : 2;
        joker_copies = 2 * copies;
    }

    // The end of _Table.__init__ at level strong: going out and closing valued, the floor of
    // cards kept (non restare appeso), and when the wilds are spent (the hand ending, the partner
    // closing, the hand to be emptied).
    void read_strong_ending(const Reading &v, const Weights &wt, bool pozzetto, const uint16_t *legal, int n_legal) {
        out_value = wt.pozzetto;
        close_value = wt.close;
        bool closable = v.can_close_soon(v.side);
        bool need_burraco = pozzetto && !closable;
        int stuck = hand_sum(h) - meldable(h, legal, n_legal);
        bool hand_ends = v.hand_ends_soon(closable);
        floor = need_burraco && !hand_ends ? wt.keep : 0.0;
        if (hand_ends) spend_wilds = true, points_weight = wt.ending_points;
        else if (stuck <= 1 && (!pozzetto || closable)) spend_wilds = true, points_weight = wt.points;
        else spend_wilds = false, points_weight = wt.points;
    }

    // The end of _Table.__init__ below strong (easy, normal): going out and closing worth nothing
    // of themselves, no floor, and the beginner's "end of hand" (three cards or fewer, or fewer
    // than six in the stock) to spend the wilds and weigh the points at 0.5.
    void read_beginners_ending(const Core &s, const Weights &wt) {
        out_value = close_value = floor = 0.0;
        if (hand_sum(h) <= 3 || s.stock_len < 6) spend_wilds = true, points_weight = 0.5;
        else spend_wilds = false, points_weight = wt.points;
    }

    // _Table.__init__ at level easy (no rule beyond the basics) for the seat `v.me`, what its
    // _unplanned reads: the hand, the side's melds, the next opponent's danger at `danger`'s weight
    // alone, no cards near the ones he took, and the beginner's ending.
    void read_easy(const Reading &v, const Weights &wt) {
        const Core &s = v.s;
        w = &wt;
        rs = &v.rs;
        memcpy(h, s.hand[v.me], NUM_TYPES);
        single = s.single;
        n_mine = s.n_melds[v.side];
        memcpy(mine, s.melds[v.side], sizeof(uint32_t) * n_mine);
        int nxt = v.next_opponent();
        danger = nxt >= 0 ? fits_of(s.melds[s.side_of[nxt]], s.n_melds[s.side_of[nxt]], true) : 0;
        danger_weight = wt.danger + 0.0;
        taken = 0;
        pozzetto_open = may_close = false;  // read by finish only, which easy does not use
        read_beginners_ending(s, wt);
        must_meld = s.must_meld;
        rule_set = s.o.rule_set;
        clean = dead_cards = false;
    }

    // _Table.evaluates_as: whether `o` scores every meld and ending as this table does.
    bool evaluates_as(const Table &o) const {
        if (memcmp(h, o.h, NUM_TYPES) || n_mine != o.n_mine || memcmp(mine, o.mine, sizeof(uint32_t) * n_mine) ||
            w != o.w || rs != o.rs)
            return false;
        if (single != o.single || danger != o.danger || taken != o.taken || pozzetto_open != o.pozzetto_open ||
            may_close != o.may_close || out_value != o.out_value || close_value != o.close_value ||
            floor != o.floor || spend_wilds != o.spend_wilds || points_weight != o.points_weight)
            return false;
        if (must_meld != o.must_meld || rule_set != o.rule_set) return false;
        if (danger_weight != o.danger_weight && (danger & present_of(h))) return false;
        return !memcmp(seen, o.seen, NUM_TYPES);
    }

    double keep_wild(int wild) const {  // _Table._keep
        return spend_wilds ? 0.0 : 2 * card_points(wild) + w->wild_keep;
    }

    double attach_value(int slot, const Attach &a, const uint32_t *melds, int left) const {
        uint32_t before = melds[slot], after = a.after;
        int card = a.card;
        int bonus = KIND_BONUS[burraco_kind(after, rs->semiclean)] - KIND_BONUS[burraco_kind(before, rs->semiclean)];
        int size = meld_size(after);
        int gain = 2 * card_points(card) + bonus + size;  // heuristic._attach_gain
        if (floor != 0.0 && (double)left <= floor && size < BURRACO_SIZE) return HANG;
        int wb = meld_wild(before), wa = meld_wild(after);
        if (wa >= 0 && wb != wa) {
            double value = gain - keep_wild(card);
            if (value > 0 && clean && wb < 0 && meld_size(before) >= 4) value /= meld_size(before);
            return value;
        }
        if (clean && wb >= 0 && wa < 0) gain += 40;
        return 20 + gain;
    }

    double open_value(int t, int left) const {
        if (floor != 0.0 && (double)(left - 2) <= floor) return HANG;
        int wild = OPEN_WILD_T[t];
        if (wild >= 0) return spend_wilds ? (double)(OPEN_GAIN_T[t] - 20) : -keep_wild(wild);
        return 10 + OPEN_GAIN_T[t];
    }

    bool dead(int card, int other) const {  // _Table._dead
        int gap = BETWEEN_T[card][other];
        if (gap < 0 || h[gap]) return false;
        return seen[gap] >= (gap == JOKER ? joker_copies : copies);
    }

    double keep_value(int card, const uint8_t *hh, uint64_t present, uint64_t fit) const {  // _keep_value
        if (is_wild(card)) return 500.0;
        int value = 12 * __builtin_popcountll(SAME_RANK_BITS[card] & present);
        if (hh[card] > 1) value += 10;
        for (int i = 0; i < NEAR_N[card]; ++i) {
            int other = NEAR_CARD[card][i];
            if (hh[other]) {
                if (NEAR_DIST[card][i] == 1) value += 14;
                else if (!dead_cards || !dead(card, other)) value += 9;
            }
        }
        if (fit & bit(card)) value += 25;
        double v = value;
        if (danger & bit(card)) v += danger_weight;
        if (taken & bit(card)) v += w->taken_near;
        return v - card_points(card) * points_weight;
    }

    // _Table.finish: the discard that ends the turn from `hh` and its value.
    double finish(const uint8_t *hh, int left, const uint32_t *melds, int n_melds, bool melded, int *discard) const {
        *discard = -1;
        if (must_meld && !melded) return NEVER;
        if (!left) return pozzetto_open ? out_value : NEVER;
        if (left == 1) {
            int card = 0;
            while (!hh[card]) ++card;
            if (card == single) return NEVER;
            if (pozzetto_open) {
                *discard = DISCARD_BASE + card;
                return out_value;
            }
            if (!is_wild(card) && may_close && closing_burraco(melds, n_melds, *rs)) {
                *discard = DISCARD_BASE + card;
                return close_value;
            }
            return NEVER;
        }
        uint64_t fit = fits_of(melds, n_melds, false), present = present_of(hh);
        int best = -1;
        double best_keep = NEVER;
        for (uint64_t b = present; b; b &= b - 1) {
            int card = __builtin_ctzll(b);
            if (card != single || hh[card] > 1) {
                double keep = keep_value(card, hh, present, fit);
                if (best < 0 || keep < best_keep) best = card, best_keep = keep;
            }
        }
        *discard = DISCARD_BASE + best;
        return -best_keep;
    }
};

// The open templates of a hand (opens.hand_opens with the rule set's group ranks).
int opens_of(const uint8_t *h, uint32_t grouped, const RuleSet &rs, uint16_t *out) {
    if (hand_sum(h) < 3) return 0;
    uint16_t mask[4] = {0, 0, 0, 0};
    uint16_t pairs = 0;
    for (int c = 0; c < JOKER; ++c)
        if (h[c]) mask[c / 13] |= run_bits(c);
    for (int r = 1; r <= 13; ++r)
        if (h[r - 1] + h[r + 12] + h[r + 25] + h[r + 38] >= 2) pairs |= (uint16_t)(1u << r);
    return opens_from(h, mask, pairs & ~grouped, rs.group_ranks, rs.n_group_ranks, out);
}

uint32_t grouped_of(const uint32_t *melds, int n) {  // opens.grouped_ranks
    uint32_t g = 0;
    for (int i = 0; i < n; ++i)
        if (is_group(melds[i])) g |= 1u << group_rank(melds[i]);
    return g;
}

// planner.opens + planner.attaches as actions (the moves _plan_value's table reads).
int moves_of(const uint8_t *h, const uint32_t *melds, int n_melds, const RuleSet &rs, uint16_t *out) {
    int n = opens_of(h, grouped_of(melds, n_melds), rs, out);
    for (int i = 0; i < n; ++i) out[i] = (uint16_t)(OPEN_BASE + out[i]);
    AttachList al;
    for (int slot = 0; slot < n_melds; ++slot) {
        attachments(melds[slot], al);
        for (int j = 0; j < al.n; ++j)
            if (h[al.a[j].card]) out[n++] = (uint16_t)(ATTACH_BASE + slot * NUM_TYPES * 2 + al.a[j].card * 2 + al.a[j].variant);
    }
    return n;
}

// --- the plan: planner.Plan and planner.plan_turn -------------------------------------------
struct Plan {
    int n = 0;
    uint16_t actions[MAX_DEPTH];
    uint8_t hands[MAX_DEPTH][NUM_TYPES];
    double value = NEVER;
    bool whole = false;
};

constexpr int OPEN_ARENA = 1 << 18;  // a path's lists: at most 82 of them, none longer than the root's (< 2048)

struct Search {
    const Table &t;
    int budget, nodes = 0;
    Plan &best;
    uint16_t path[MAX_DEPTH];
    uint8_t path_hands[MAX_DEPTH][NUM_TYPES];
    uint32_t melds[MAX_SIDE_MELDS];
    int n_melds;
    // the positions' melds already met (planner's `seen`), at most one per node
    int n_seen = 0;
    uint16_t seen_len[MAX_BUDGET + 1];
    uint32_t seen_hash[MAX_BUDGET + 1];
    uint32_t seen_melds[MAX_BUDGET + 1][MAX_SIDE_MELDS];
    uint16_t *arena;

    Search(const Table &table, int b, Plan &out, uint16_t *open_arena) : t(table), budget(b), best(out), arena(open_arena) {}

    uint32_t hash_melds() const {
        uint32_t x = 2166136261u ^ (uint32_t)n_melds;
        for (int i = 0; i < n_melds; ++i) x = (x ^ melds[i]) * 16777619u;
        return x;
    }
    bool seen_or_add() {  // `after_melds in seen`, else added
        uint32_t hv = hash_melds();
        for (int i = 0; i < n_seen; ++i)
            if (seen_hash[i] == hv && seen_len[i] == n_melds && !memcmp(seen_melds[i], melds, sizeof(uint32_t) * n_melds))
                return true;
        seen_hash[n_seen] = hv;
        seen_len[n_seen] = (uint16_t)n_melds;
        memcpy(seen_melds[n_seen], melds, sizeof(uint32_t) * n_melds);
        ++n_seen;
        return false;
    }

    struct Move {
        double value;
        int action;
        uint32_t after;  // an attach's meld after
    };

    // planner.plan_turn's visit: the position `h` at `depth` (the path so far in `path`).
    void visit(uint8_t *h, int left, uint32_t grouped, const uint16_t *opens, int n_opens, double value, int depth) {
        ++nodes;
        int discard;
        double end = t.finish(h, left, melds, n_melds, depth > 0, &discard);
        if (value + end > best.value) {
            memcpy(best.actions, path, sizeof(uint16_t) * depth);
            for (int i = 0; i < depth; ++i) memcpy(best.hands[i], path_hands[i], NUM_TYPES);
            best.n = depth;
            if (discard >= 0) {
                best.actions[depth] = (uint16_t)discard;
                memcpy(best.hands[depth], h, NUM_TYPES);
                best.n = depth + 1;
            }
            best.value = value + end;
        }
        if (!left || nodes >= budget) return;
        // the moves, best first (value, then action, both descending: sorted(reverse=True)), the first `width`
        Move top[PLAN_WIDTH];
        int n_top = 0;
        auto offer = [&](double v, int action, uint32_t after) {
            if (n_top == PLAN_WIDTH) {
                const Move &last = top[PLAN_WIDTH - 1];
                if (v < last.value || (v == last.value && action <= last.action)) return;
            }
            int i = n_top < PLAN_WIDTH ? n_top++ : PLAN_WIDTH - 1;
            while (i > 0 && (top[i - 1].value < v || (top[i - 1].value == v && top[i - 1].action < action))) {
                top[i] = top[i - 1];
                --i;
            }
            top[i] = Move{v, action, after};
        };
        AttachList al;
        for (int slot = 0; slot < n_melds; ++slot) {
            attachments(melds[slot], al);
            for (int j = 0; j < al.n; ++j) {
                const Attach &a = al.a[j];
                if (!h[a.card]) continue;
                offer(t.attach_value(slot, a, melds, left), ATTACH_BASE + slot * NUM_TYPES * 2 + a.card * 2 + a.variant,
                      a.after);
            }
        }
        if (left >= 3)
            for (int i = 0; i < n_opens; ++i) offer(t.open_value(opens[i] - OPEN_BASE, left), opens[i], 0);
        bool closing = left <= 4;
        for (int k = 0; k < n_top; ++k) {
            if (nodes >= budget) return;
            const Move &mv = top[k];
            if (mv.value < PRUNE && !closing) break;
            int action = mv.action;
            int slot = -1;
            uint32_t was = 0;
            if (action >= ATTACH_BASE) {
                slot = (action - ATTACH_BASE) / (NUM_TYPES * 2);
                was = melds[slot];
                melds[slot] = mv.after;
            } else {
                melds[n_melds++] = TEMPLATE_MELD[action - OPEN_BASE];
            }
            if (!seen_or_add()) {
                uint8_t after_h[NUM_TYPES];
                memcpy(after_h, h, NUM_TYPES);
                uint64_t removed;
                int after_left;
                uint32_t after_grouped = grouped;
                if (action < ATTACH_BASE) {
                    int tpl = action - OPEN_BASE;
                    for (int i = 0; i < 3; ++i) after_h[TEMPLATE_CARDS[tpl][i]]--;
                    removed = TEMPLATE_BITS_T[tpl], after_left = left - 3, after_grouped |= OPEN_GROUPED_T[tpl];
                } else {
                    int card = (action - ATTACH_BASE) / 2 % NUM_TYPES;
                    after_h[card]--;
                    removed = bit(card), after_left = left - 1;
                }
                // planner._opens_left: the parent's openings still open
                uint16_t *after_opens = arena;  // the arena's free part: past every list of the path
                int n_after = 0;
                if (after_left >= 3)
                    for (int i = 0; i < n_opens; ++i) {
                        int tpl = opens[i] - OPEN_BASE;
                        if (OPEN_GROUPED_T[tpl] & after_grouped) continue;
                        if (TEMPLATE_BITS_T[tpl] & removed) {
                            uint8_t need[3] = {TEMPLATE_CARDS[tpl][0], TEMPLATE_CARDS[tpl][1], TEMPLATE_CARDS[tpl][2]};
                            bool short_of = false;
                            for (int x = 0; x < 3 && !short_of; ++x) {
                                int k2 = (need[0] == need[x]) + (need[1] == need[x]) + (need[2] == need[x]);
                                if (after_h[need[x]] < k2) short_of = true;
                            }
                            if (short_of) continue;
                        }
                        after_opens[n_after++] = opens[i];
                    }
                path[depth] = (uint16_t)action;
                memcpy(path_hands[depth], h, NUM_TYPES);
                uint16_t *saved = arena;
                arena = after_opens + n_after;
                visit(after_h, after_left, after_grouped, after_opens, n_after, value + mv.value, depth + 1);
                arena = saved;
            }
            if (slot >= 0) melds[slot] = was;
            else --n_melds;
        }
    }
};

uint16_t *open_arena() {
    static thread_local uint16_t *arena = nullptr;
    if (!arena) arena = (uint16_t *)malloc(sizeof(uint16_t) * OPEN_ARENA);
    return arena;
}

// planner.plan_turn(h, melds, table, group_ranks=..., budget=budget)
bool plan_turn(const Table &t, int budget, Plan &out) {
    uint16_t *arena = open_arena();
    if (!arena) return false;
    out.n = 0;
    out.value = NEVER;
    static thread_local Search *search_mem = nullptr;
    if (!search_mem) search_mem = (Search *)malloc(sizeof(Search));
    if (!search_mem) return false;
    Search *sp = new (search_mem) Search(t, budget, out, arena);
    Search &s = *sp;
    memcpy(s.melds, t.mine, sizeof(uint32_t) * t.n_mine);
    s.n_melds = t.n_mine;
    uint8_t h[NUM_TYPES];
    memcpy(h, t.h, NUM_TYPES);
    int left = hand_sum(h);
    uint32_t grouped = grouped_of(t.mine, t.n_mine);
    int n_opens = 0;
    if (left >= 3) {
        n_opens = opens_of(h, grouped, *t.rs, arena);
        for (int i = 0; i < n_opens; ++i) arena[i] = (uint16_t)(OPEN_BASE + arena[i]);
    }
    s.arena = arena + n_opens;
    s.visit(h, left, grouped, arena, n_opens, 0.0, 0);
    out.whole = s.nodes < budget;
    return true;
}

// heuristic._mates: cards of the hand that go with `card` in a combination or a close sequence.
int mates(const uint8_t *h, int card) {
    int n = h[card];
    for (uint64_t b = SAME_RANK_BITS[card]; b; b &= b - 1) n += h[__builtin_ctzll(b)];
    for (int i = 0; i < NEAR_N[card]; ++i)
        if (NEAR_DIST[card][i] == 1 && h[NEAR_CARD[card][i]]) ++n;
    return n;
}

// HeuristicBurracoBot._take_pile, the draw of easy and normal: the pile's cards counted in its
// order (a card joins the hand before the next is counted); `weigh` (normal's weigh_pile, il
// monte si pesa): the loners' points by the hand's lateness, and the pile's size early in the
// hand. No denial (strong's deny).
bool take_pile(const Reading &v, const Weights &w, bool weigh) {
    const Core &s = v.s;
    double late = weigh ? v.lateness() : 0.0;
    uint8_t h[NUM_TYPES];
    memcpy(h, s.hand[v.me], NUM_TYPES);
    uint64_t mine = fits_of(s.melds[v.side], s.n_melds[v.side], false);
    double value = 0.0;
    for (int i = 0; i < s.pile_len; ++i) {
        int card = s.pile[i];
        if (is_wild(card)) {
            value += w.pile_wild;
        } else if (mine & bit(card)) {
            value += w.pile_fit;
        } else {
            int n = mates(h, card);
            h[card]++;
            if (n >= 2) value += w.pile_pair;
            else if (n == 1) value += w.pile_mate;
            else value -= w.pile_loner + late * card_points(card);
        }
    }
    if (weigh) value += (double)s.pile_len * (1 - late) * w.pile;
    return value + 0.0 >= w.take_at;
}

}  // namespace strong

// ===========================================================================================
// The Python types: _core.SeatView (an observation's link to its compiled state) and
// _core.StrongBot (the bot's numbers and the plans it keeps within a turn).

struct SeatViewObject {
    PyObject_HEAD
    StateObject *state;
    int seat;
    uint64_t stamp;
};

inline uint64_t state_stamp(const Core &c) {
    return (uint64_t)c.history_len | (uint64_t)c.turn_no << 32 | (uint64_t)c.phase << 48 | (uint64_t)c.timeout << 50 |
           (uint64_t)(c.plays_left & 0x3ff) << 51 | (uint64_t)(c.hand_no & 0x7) << 61;
}

PyTypeObject *SEAT_VIEW_TYPE = nullptr;

void SeatView_dealloc(SeatViewObject *self) {
    Py_XDECREF((PyObject *)self->state);
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free((PyObject *)self);
    Py_DECREF(tp);
}

PyObject *SeatView_reduce(SeatViewObject *, PyObject *) {
    // a copied or pickled observation keeps no link (and nothing of the state): the bot reads it in Python
    return Py_BuildValue("(O())", (PyObject *)Py_TYPE(Py_None));
}

PyMethodDef SeatView_methods[] = {
    {"__reduce__", (PyCFunction)SeatView_reduce, METH_NOARGS, "Copied or pickled as None."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot SeatView_slots[] = {
    {Py_tp_doc, (void *)"A seat's observation's link to the compiled state it was made from (no attributes: "
                        "the core's strong bot reads only what the seat may know)."},
    {Py_tp_dealloc, (void *)SeatView_dealloc},
    {Py_tp_methods, SeatView_methods},
    {0, nullptr},
};

PyType_Spec SeatView_spec = {"tavolo.games.burraco._core.SeatView", sizeof(SeatViewObject), 0, Py_TPFLAGS_DEFAULT,
                             SeatView_slots};

PyObject *State_seat_view(StateObject *self, PyObject *arg) {
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return nullptr;
    if (seat < 0 || seat >= self->c.o.n) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not at this table (0..%d)", seat, self->c.o.n - 1);
        return nullptr;
    }
    SeatViewObject *v = PyObject_New(SeatViewObject, SEAT_VIEW_TYPE);
    if (!v) return nullptr;
    Py_INCREF(self);
    v->state = self;
    v->seat = (int)seat;
    v->stamp = state_stamp(self->c);
    return (PyObject *)v;
}

struct StrongBotObject {
    PyObject_HEAD
    strong::Weights w;
    strong::RuleSet rs;
    bool normal;  // level normal: strong's reading and planner without its timing and partner rules
    // the turn's plan (HeuristicBurracoBot._plan): key, plan, next step
    bool has_plan;
    int plan_key[3], plan_i;
    strong::Plan plan;
    // the plan made at the draw with the pile in hand (_pile_plan)
    bool has_pile_plan;
    int pile_key[3];
    strong::Table pile_table;
    strong::Plan pile_plan;
    strong::Table scratch;
    strong::Plan scratch_plan;
};

PyTypeObject *STRONG_BOT_TYPE = nullptr;

// The arguments of StrongBot and EasyBot: (weights, semiclean, clean_to_close, group_ranks), the
// weights in Weights' field order; StrongBot's `normal` after them where `normal` is given (false
// when absent). False, with a Python error set, where they are not.
bool parse_bot_args(PyObject *args, strong::Weights &w, strong::RuleSet &rs, int *normal = nullptr) {
    PyObject *weights, *ranks;
    int semi, clean;
    bool parsed = normal ? PyArg_ParseTuple(args, "OppO|p", &weights, &semi, &clean, &ranks, normal)
                         : PyArg_ParseTuple(args, "OppO", &weights, &semi, &clean, &ranks);
    if (!parsed) return false;
    if (!strong::READY) {
        PyErr_SetString(PyExc_RuntimeError, "_core.setup_strong() has not been called");
        return false;
    }
    PyObject *wseq = PySequence_Fast(weights, "weights must be a sequence");
    if (!wseq) return false;
    if (PySequence_Fast_GET_SIZE(wseq) != strong::NUM_WEIGHTS) {
        Py_DECREF(wseq);
        PyErr_Format(PyExc_ValueError, "%d weights, in Weights' field order", strong::NUM_WEIGHTS);
        return false;
    }
    double wv[strong::NUM_WEIGHTS];
    for (int i = 0; i < strong::NUM_WEIGHTS; ++i) {
        wv[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(wseq, i));
        if (wv[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(wseq);
            return false;
        }
    }
    Py_DECREF(wseq);
    PyObject *rseq = PySequence_Fast(ranks, "group_ranks must be a sequence");
    if (!rseq) return false;
    Py_ssize_t nr = PySequence_Fast_GET_SIZE(rseq);
    if (nr < 1 || nr > 13) {
        Py_DECREF(rseq);
        PyErr_SetString(PyExc_ValueError, "1 to 13 group ranks");
        return false;
    }
    rs = strong::RuleSet{(bool)semi, (bool)clean, (uint8_t)nr, {}};
    for (Py_ssize_t i = 0; i < nr; ++i) {
        long r = PyLong_AsLong(PySequence_Fast_GET_ITEM(rseq, i));
        if (r < 1 || r > 13) {
            Py_DECREF(rseq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a group rank is 1..13");
            return false;
        }
        rs.group_ranks[i] = (uint8_t)r;
    }
    Py_DECREF(rseq);
    memcpy(&w, wv, sizeof wv);
    return true;
}

// StrongBot(weights, semiclean, clean_to_close, group_ranks, normal=False): level strong, or
// level normal where `normal` is true.
PyObject *StrongBot_new(PyTypeObject *type, PyObject *args, PyObject *) {
    strong::Weights w;
    strong::RuleSet rs;
    int normal = 0;
    if (!parse_bot_args(args, w, rs, &normal)) return nullptr;
    StrongBotObject *self = (StrongBotObject *)type->tp_alloc(type, 0);
    if (!self) return nullptr;
    self->w = w;
    self->rs = rs;
    self->normal = normal;
    self->has_plan = self->has_pile_plan = false;
    return (PyObject *)self;
}

void StrongBot_dealloc(StrongBotObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free((PyObject *)self);
    Py_DECREF(tp);
}

bool read_legal(PyObject *legal, strong::Legal &out) {
    PyObject *seq = PySequence_Fast(legal, "legal must be a sequence of action ids");
    if (!seq) return false;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_LEGAL) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "too many legal actions");
        return false;
    }
    memset(out.bits, 0, sizeof out.bits);
    out.n = 0;
    for (Py_ssize_t i = 0; i < n; ++i) {
        long a = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (a == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return false;
        }
        if (a < 0 || a >= 8192) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "action %ld is not an action id", a);
            return false;
        }
        out.a[out.n++] = (uint16_t)a;
        out.bits[a >> 6] |= 1ull << (a & 63);
    }
    Py_DECREF(seq);
    return true;
}

// HeuristicBurracoBot._plan_value: the turn planned from `hand` (budget 40) and its table.
void plan_value(StrongBotObject *self, const strong::Reading &v, const uint8_t *hand, int single, strong::Table &t,
                strong::Plan &plan) {
    uint16_t moves[MAX_LEGAL];
    const Core &s = v.s;
    int n = strong::moves_of(hand, s.melds[v.side], s.n_melds[v.side], self->rs, moves);
    t.read(v, self->w, hand, single, moves, n, self->normal);
    strong::plan_turn(t, 40, plan);
}

// HeuristicBurracoBot._take_by_plan
bool take_by_plan(StrongBotObject *self, const strong::Reading &v) {
    const Core &s = v.s;
    const strong::Weights &w = self->w;
    double late = v.lateness();
    if (late >= 1 && s.pile_len > 3) return false;
    plan_value(self, v, s.hand[v.me], -1, self->scratch, self->scratch_plan);
    double without = self->scratch_plan.value;
    uint8_t with_pile[NUM_TYPES];
    memcpy(with_pile, s.hand[v.me], NUM_TYPES);
    for (int i = 0; i < s.pile_len; ++i) with_pile[s.pile[i]]++;
    int single = s.pile_len == 1 ? s.pile[0] : -1;
    plan_value(self, v, with_pile, single, self->pile_table, self->pile_plan);
    self->has_pile_plan = true;
    self->pile_key[0] = v.me, self->pile_key[1] = s.hand_no, self->pile_key[2] = s.turn_no;
    double value = self->pile_plan.value - without - w.draw + (double)s.pile_len * (1 - late) * w.pile;
    for (int i = 0; i < s.pile_len; ++i) {
        int card = s.pile[i];
        value += is_wild(card) ? w.pile_wild : -late * card_points(card);
    }
    double deny = 0.0;
    int nxt = v.next_opponent();
    if (nxt >= 0) {
        int sd = s.side_of[nxt];
        uint64_t theirs = strong::fits_of(s.melds[sd], s.n_melds[sd], true);
        int count = 0;
        for (int i = 0; i < s.pile_len; ++i) count += (int)(theirs >> s.pile[i] & 1);
        deny = w.deny * count;
    }
    return value + deny >= w.take_at;
}

// HeuristicBurracoBot._planned: the next action of the turn's plan, or -1.
int planned(StrongBotObject *self, const strong::Reading &v, const strong::Legal &legal) {
    const Core &s = v.s;
    int key[3] = {v.me, s.hand_no, s.turn_no};
    const uint8_t *hand = s.hand[v.me];
    if (self->has_plan && !memcmp(self->plan_key, key, sizeof key)) {
        int i = self->plan_i;
        if (i < self->plan.n && !memcmp(self->plan.hands[i], hand, NUM_TYPES) && legal.has(self->plan.actions[i])) {
            self->plan_i = i + 1;
            return self->plan.actions[i];
        }
    }
    strong::Table &t = self->scratch;
    t.read(v, self->w, hand, s.single, legal.a, legal.n, self->normal);
    // _pile_plan_for: the plan made at the draw, used once, where it scores as this table does
    bool kept = self->has_pile_plan && !memcmp(self->pile_key, key, sizeof key) && self->pile_plan.whole &&
                self->pile_table.evaluates_as(t);
    self->has_pile_plan = false;
    if (kept) memcpy((void *)&self->plan, (const void *)&self->pile_plan, sizeof(strong::Plan));
    else strong::plan_turn(t, strong::MAX_BUDGET, self->plan);
    strong::Plan &plan = self->plan;
    if (!plan.n || plan.value == strong::NEVER || !legal.has(plan.actions[0])) {
        self->has_plan = false;
        return -1;
    }
    self->has_plan = true;
    memcpy(self->plan_key, key, sizeof key);
    self->plan_i = 1;
    return plan.actions[0];
}

// HeuristicBurracoBot.choose at level strong or normal for `seat` of `s` (a draw or play
// decision, more than one legal action): the action, or -1 where no plan applies. Normal takes
// the pile by weighing it (_take_pile), strong by planning the turn with it (_take_by_plan).
int strong_choose(StrongBotObject *self, const Core &s, int seat, const strong::Legal &legal) {
    strong::Reading v{s, seat, s.o.n, s.side_of[seat], self->rs};
    if (s.phase == DRAW_PHASE) {
        self->has_plan = self->has_pile_plan = false;
        if (!legal.has(TAKE)) return DRAW;
        bool take = self->normal ? strong::take_pile(v, self->w, true) : take_by_plan(self, v);
        return take ? TAKE : DRAW;
    }
    return planned(self, v, legal);
}

// A bot's choose(view, legal) in the core (StrongBot, EasyBot), `choose(state, seat, legal)` its
// choice: the arguments read and checked; -2 where the view's state has moved on, the choice's
// action, or -1 where it has none.
template <typename Choose>
PyObject *choose_call(PyObject *const *args, Py_ssize_t nargs, Choose choose) {
    if (nargs != 2 || Py_TYPE(args[0]) != SEAT_VIEW_TYPE) {
        PyErr_SetString(PyExc_TypeError, "choose(view, legal): a SeatView (observation._core_view) and the actions");
        return nullptr;
    }
    SeatViewObject *view = (SeatViewObject *)args[0];
    const Core &s = view->state->c;
    if (state_stamp(s) != view->stamp) return PyLong_FromLong(-2);
    static thread_local strong::Legal legal;
    if (!read_legal(args[1], legal)) return nullptr;
    if (s.phase != DRAW_PHASE && s.phase != PLAY) {
        PyErr_SetString(PyExc_ValueError, "the observation is not of a decision");
        return nullptr;
    }
    int action = choose(s, view->seat, legal);
    return action >= 0 ? Py_NewRef(ACTION_INTS[action]) : PyLong_FromLong(-1);
}

// choose(view, legal): HeuristicBurracoBot.choose at level strong, for more than one legal action;
// -1: no plan applies (the bot's Python fallback answers), -2: the view's state has moved on.
PyObject *StrongBot_choose(StrongBotObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return choose_call(args, nargs, [self](const Core &s, int seat, const strong::Legal &legal) {
        return strong_choose(self, s, seat, legal);
    });
}

PyObject *plan_tuple(const strong::Plan &plan) {
    PyObject *actions = PyTuple_New(plan.n), *hands = PyTuple_New(plan.n);
    if (!actions || !hands) {
        Py_XDECREF(actions);
        Py_XDECREF(hands);
        return nullptr;
    }
    for (int i = 0; i < plan.n; ++i) {
        PyTuple_SET_ITEM(actions, i, Py_NewRef(ACTION_INTS[plan.actions[i]]));
        PyObject *hand = PyTuple_New(NUM_TYPES);
        if (!hand) {
            Py_DECREF(actions);
            Py_DECREF(hands);
            return nullptr;
        }
        for (int c = 0; c < NUM_TYPES; ++c) PyTuple_SET_ITEM(hand, c, Py_NewRef(ACTION_INTS[plan.hands[i][c]]));
        PyTuple_SET_ITEM(hands, i, hand);
    }
    return Py_BuildValue("(NNdO)", actions, hands, plan.value, plan.whole ? Py_True : Py_False);
}

// plan(view, legal, budget): the plan the core makes for the view's position with a node budget
// (1..80), as (actions, hands, value, whole) like planner.Plan, for the tests: `legal` a list, the
// play phase's table (_Table(obs, ..., legal, w)); `legal` None, the draw's table with the pile in
// hand (_plan_value(obs, hand + pile, single, w)). The bot's kept plans are left as they were.
PyObject *StrongBot_plan(StrongBotObject *self, PyObject *args) {
    PyObject *view_obj, *legal_obj;
    int budget;
    if (!PyArg_ParseTuple(args, "O!Oi", SEAT_VIEW_TYPE, &view_obj, &legal_obj, &budget)) return nullptr;
    if (budget < 1 || budget > strong::MAX_BUDGET) {
        PyErr_Format(PyExc_ValueError, "a budget of 1 to %d positions", strong::MAX_BUDGET);
        return nullptr;
    }
    SeatViewObject *view = (SeatViewObject *)view_obj;
    const Core &s = view->state->c;
    if (state_stamp(s) != view->stamp) {
        PyErr_SetString(PyExc_ValueError, "the observation's state has moved on");
        return nullptr;
    }
    strong::Reading v{s, view->seat, s.o.n, s.side_of[view->seat], self->rs};
    static thread_local strong::Legal legal;
    strong::Table t;
    static thread_local strong::Plan plan;
    if (legal_obj == Py_None) {
        uint16_t moves[MAX_LEGAL];
        uint8_t hand[NUM_TYPES];
        memcpy(hand, s.hand[v.me], NUM_TYPES);
        for (int i = 0; i < s.pile_len; ++i) hand[s.pile[i]]++;
        int n = strong::moves_of(hand, s.melds[v.side], s.n_melds[v.side], self->rs, moves);
        t.read(v, self->w, hand, s.pile_len == 1 ? s.pile[0] : -1, moves, n, self->normal);
    } else {
        if (!read_legal(legal_obj, legal)) return nullptr;
        t.read(v, self->w, s.hand[v.me], s.single, legal.a, legal.n, self->normal);
    }
    if (!strong::plan_turn(t, budget, plan)) return PyErr_NoMemory();
    return plan_tuple(plan);
}

PyMethodDef StrongBot_methods[] = {
    {"plan", (PyCFunction)StrongBot_plan, METH_VARARGS,
     "plan(view, legal or None, budget): (actions, hands, value, whole) of the core's plan, for the tests."},
    {"choose", (PyCFunction)(void (*)(void))StrongBot_choose, METH_FASTCALL,
     "choose(view, legal): strong's action; -1 where no plan applies, -2 where the state moved on."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot StrongBot_slots[] = {
    {Py_tp_doc, (void *)"heuristic:strong's reading and turn planner in the core (tavolo.bots.heuristic); "
                        "StrongBot(..., normal=True) plays level normal."},
    {Py_tp_new, (void *)StrongBot_new},
    {Py_tp_dealloc, (void *)StrongBot_dealloc},
    {Py_tp_methods, StrongBot_methods},
    {0, nullptr},
};

PyType_Spec StrongBot_spec = {"tavolo.games.burraco._core.StrongBot", sizeof(StrongBotObject), 0, Py_TPFLAGS_DEFAULT,
                              StrongBot_slots};

// setup_strong(same_rank, run_near, between): tavolo.bots.reading's SAME_RANK, RUN_NEAR and
// BETWEEN (a dict (card, other) -> middle), given once; after setup().
PyObject *mod_setup_strong(PyObject *, PyObject *args) {
    PyObject *same, *near, *between;
    if (!PyArg_ParseTuple(args, "OOO!", &same, &near, &PyDict_Type, &between)) return nullptr;
    if (!NUM_TEMPLATES) {
        PyErr_SetString(PyExc_RuntimeError, "_core.setup() first");
        return nullptr;
    }
    if (PySequence_Size(same) != NUM_TYPES || PySequence_Size(near) != NUM_TYPES) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one entry per card type");
        return nullptr;
    }
    using namespace strong;
    memset(BETWEEN_T, -1, sizeof BETWEEN_T);
    for (int c = 0; c < NUM_TYPES; ++c) {
        PyObject *row = PySequence_GetItem(same, c);
        PyObject *rs = row ? PySequence_Fast(row, "SAME_RANK rows") : nullptr;
        Py_XDECREF(row);
        if (!rs) return nullptr;
        SAME_RANK_BITS[c] = 0;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(rs); ++i)
            SAME_RANK_BITS[c] |= bit((int)PyLong_AsLong(PySequence_Fast_GET_ITEM(rs, i)));
        Py_DECREF(rs);
        row = PySequence_GetItem(near, c);
        PyObject *ns = row ? PySequence_Fast(row, "RUN_NEAR rows") : nullptr;
        Py_XDECREF(row);
        if (!ns) return nullptr;
        Py_ssize_t nn = PySequence_Fast_GET_SIZE(ns);
        if (nn > 8) {
            Py_DECREF(ns);
            PyErr_SetString(PyExc_ValueError, "at most 8 near cards");
            return nullptr;
        }
        NEAR_N[c] = (uint8_t)nn;
        for (Py_ssize_t i = 0; i < nn; ++i) {
            int card, dist;
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(ns, i), "ii", &card, &dist)) {
                Py_DECREF(ns);
                return nullptr;
            }
            NEAR_CARD[c][i] = (uint8_t)card, NEAR_DIST[c][i] = (uint8_t)dist;
        }
        Py_DECREF(ns);
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(between, &pos, &key, &value)) {
        int a, b;
        if (!PyArg_ParseTuple(key, "ii", &a, &b)) return nullptr;
        long m = PyLong_AsLong(value);
        if (a < 0 || a >= NUM_TYPES || b < 0 || b >= NUM_TYPES || m < -1 || m >= NUM_TYPES) {
            PyErr_SetString(PyExc_ValueError, "BETWEEN out of range");
            return nullptr;
        }
        BETWEEN_T[a][b] = (int8_t)m;
    }
    if (PyErr_Occurred()) return nullptr;
    free(OPEN_GAIN_T), free(OPEN_WILD_T), free(TEMPLATE_BITS_T), free(OPEN_GROUPED_T);
    OPEN_GAIN_T = (int *)malloc(sizeof(int) * NUM_TEMPLATES);
    OPEN_WILD_T = (int8_t *)malloc(NUM_TEMPLATES);
    TEMPLATE_BITS_T = (uint64_t *)malloc(sizeof(uint64_t) * NUM_TEMPLATES);
    OPEN_GROUPED_T = (uint32_t *)malloc(sizeof(uint32_t) * NUM_TEMPLATES);
    if (!OPEN_GAIN_T || !OPEN_WILD_T || !TEMPLATE_BITS_T || !OPEN_GROUPED_T) return PyErr_NoMemory();
    for (int t = 0; t < NUM_TEMPLATES; ++t) {
        uint32_t m = TEMPLATE_MELD[t];
        int pts = 0;
        uint64_t bits = 0;
        for (int i = 0; i < 3; ++i) pts += card_points(TEMPLATE_CARDS[t][i]), bits |= bit(TEMPLATE_CARDS[t][i]);
        OPEN_GAIN_T[t] = pts * 2 + (is_group(m) ? 0 : 5);
        OPEN_WILD_T[t] = (int8_t)meld_wild(m);
        TEMPLATE_BITS_T[t] = bits;
        OPEN_GROUPED_T[t] = is_group(m) ? 1u << group_rank(m) : 0;
    }
    READY = true;
    Py_RETURN_NONE;
}
