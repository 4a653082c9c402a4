// Search in the core (issue 27), included by _core.cpp after _strong.cpp (one translation unit).
//
// The determinization (hidden.HiddenSampler, the reference): from one seat's view of a compiled
// state, the cards that seat has not seen dealt at random into the other hands, the pozzetti
// taken with the discard and not yet looked at, the pozzetti and the stock; the cards each
// player took from the pile (public, fedibur-1985 art. 4) stay in that hand, every count stays,
// and a deal that leaves the player on turn without a legal action is dealt again (rejection:
// uniform among the deals that respect it). Only what the seat may see is read: the public
// base and the pool of unseen cards (sorted by card type) are made from the seat's own hand and
// the public fields, never another hand, a pozzetto's cards or the stock's order.
//
// With `infer` > 0 the other hands are dealt by weight instead (deal_weighted): a player seldom
// lets go a card that goes with his hand, so each card type he discarded, or left in a pile he
// declined (Core.shunned, public), divides the weight in his hand of every card it goes with
// (MATES: itself, its rank, its suit within two places) by 1 + infer. Every hard constraint
// stays: the known cards, the counts, the rejection.

namespace search {

constexpr int MAX_DEALS = 1000;  // hidden.MAX_DEALS

// `dst` takes every fixed field of `src` and keeps its own history and results buffers (no
// allocation), emptied: a determinization starts a record of its own, as the reference's does.
void copy_fixed(Core &dst, const Core &src) {
    uint16_t *history = dst.history;
    HandResult *results = dst.results;
    uint32_t history_cap = dst.history_cap, results_cap = dst.results_cap;
    memcpy((void *)&dst, (const void *)&src, sizeof(Core));
    dst.history = history, dst.results = results;
    dst.history_cap = history_cap, dst.results_cap = results_cap;
    dst.history_len = dst.results_len = 0;
}

void clear_hand(Core &s, int seat) {
    memset(s.hand[seat], 0, NUM_TYPES);
    memset(s.ranks[seat], 0, sizeof s.ranks[seat]);
    memset(s.mask[seat], 0, sizeof s.mask[seat]);
    s.size[seat] = 0, s.present[seat] = 0, s.pairs[seat] = 0;
}

// Each card of a packed meld (gioco) once per copy, subtracted from `counts`.
void remove_meld_cards(uint32_t m, int *counts) {
    int wild = meld_wild(m);
    if (wild >= 0) counts[wild]--;
    if (is_group(m)) {
        for (int suit = 0; suit < 4; ++suit) counts[suit * 13 + group_rank(m) - 1] -= group_count(m, suit);
        return;
    }
    int suit = run_suit(m), gap = run_gap(m);
    for (int p = run_lo(m); p <= run_hi(m); ++p)
        if (p != gap) counts[position_card(suit, p)]--;
}

// The public part of one seat's view and the cards it has not seen (Sampler, below).
struct Sampler {
    Core base;                // the state with every hidden card taken out
    int seat;
    uint8_t sizes[MAX_SEATS];  // each hand's size (public)
    uint8_t unseen[MAX_CARDS];  // sorted by card type
    int n_unseen;
    bool weighted;                        // infer > 0: the other hands are dealt by `weight`
    double weight[MAX_SEATS][NUM_TYPES];  // a card type's relative weight in each other hand
};

// Works out `out` from `s` as `seat` sees it (HiddenSampler.__init__), the weights from `infer`
// (hidden.inference_weights). False, with a Python error set, where the phase is not a hand's
// or the view is inconsistent.
bool make_sampler(const Core &s, int seat, Sampler &out, double infer = 0.0) {
    if (s.phase != DRAW_PHASE && s.phase != PLAY) {
        PyErr_SetString(PyExc_ValueError, "hidden cards are sampled during a hand, not between hands");
        return false;
    }
    int n = s.o.n, decks = n >= 5 ? 3 : 2;
    int counts[NUM_TYPES];
    for (int c = 0; c < NUM_TYPES; ++c) counts[c] = (c == JOKER ? 2 * decks : decks) - s.hand[seat][c];
    for (int i = 0; i < s.pile_len; ++i) counts[s.pile[i]]--;
    for (int side = 0; side < s.n_sides; ++side)
        for (int i = 0; i < s.n_melds[side]; ++i) remove_meld_cards(s.melds[side][i], counts);
    for (int other = 0; other < n; ++other)
        if (other != seat)
            for (int c = 0; c < NUM_TYPES; ++c) counts[c] -= s.known[other][c];
    int k = 0;
    for (int c = 0; c < NUM_TYPES; ++c) {
        if (counts[c] < 0) {
            PyErr_SetString(PyExc_ValueError, "the observation shows more copies of a card than the deck holds");
            return false;
        }
        for (int j = 0; j < counts[c]; ++j) out.unseen[k++] = (uint8_t)c;
    }
    out.n_unseen = k;
    out.seat = seat;
    memset((void *)&out.base, 0, sizeof(Core));
    copy_fixed(out.base, s);
    Core &b = out.base;
    int slots = 0;
    for (int other = 0; other < n; ++other) {
        out.sizes[other] = s.size[other];
        slots += s.pending_len[other];
        if (other == seat) continue;
        slots += s.size[other];
        clear_hand(b, other);
        for (int c = 0; c < NUM_TYPES; ++c)
            for (int j = 0; j < s.known[other][c]; ++j) add_card(b, other, c);
        slots -= b.size[other];
    }
    for (int p = 0; p < s.n_pozz; ++p) slots += s.pozz_len[p];
    slots += s.stock_len;
    if (slots != k) {
        PyErr_Format(PyExc_ValueError, "%d unseen card(s) for %d hidden place(s): the observation is inconsistent", k,
                     slots);
        return false;
    }
    out.weighted = infer > 0;
    if (out.weighted)
        for (int other = 0; other < n; ++other)
            for (int c = 0; c < NUM_TYPES; ++c)
                out.weight[other][c] = pow(1.0 + infer, -__builtin_popcountll(s.shunned[other] & MATES[c]));
    return true;
}

void shuffle(uint8_t *pool, int k, Rng &rng) {
    for (int i = k - 1; i > 0; --i) {
        int j = rng.below(i + 1);
        uint8_t t = pool[i];
        pool[i] = pool[j], pool[j] = t;
    }
}

// The unseen pozzetto of `seat` (taken with the discard, not yet looked at) from the end of
// `pool`, `k` cards left there; how many are left after.
int place_pending(Core &out, int seat, const uint8_t *pool, int k) {
    for (int i = 0; i < out.pending_len[seat]; ++i) out.pending[seat][i] = pool[--k];
    return k;
}

// The pozzetti and the stock from the end of `pool` (`k` cards).
void place_rest(Core &out, const uint8_t *pool, int k) {
    for (int p = 0; p < out.n_pozz; ++p)
        for (int i = 0; i < out.pozz_len[p]; ++i) out.pozz[p][i] = pool[--k];
    for (int i = 0; i < out.stock_len; ++i) out.stock[i] = pool[--k];
}

// One deal of the unseen cards into `out` (HiddenSampler._deal_once): the pool shuffled, then
// each other hand filled up, each seat's unseen pozzetto, the pozzetti and the stock.
void deal_once(const Sampler &sp, Rng &rng, Core &out) {
    uint8_t pool[MAX_CARDS];
    int k = sp.n_unseen;
    memcpy(pool, sp.unseen, k);
    shuffle(pool, k, rng);
    copy_fixed(out, sp.base);
    for (int other = 0; other < out.o.n; ++other) {
        if (other != sp.seat)
            while (out.size[other] < sp.sizes[other]) add_card(out, other, pool[--k]);
        k = place_pending(out, other, pool, k);
    }
    place_rest(out, pool, k);
}

// One weighted deal (HiddenSampler._deal_weighted): each other hand in seat order draws its
// cards one at a time, a card type with probability proportional to its copies left times the
// hand's weight for it; the rest shuffled into the unseen pozzetti, the pozzetti and the stock.
void deal_weighted(const Sampler &sp, Rng &rng, Core &out) {
    uint8_t left[NUM_TYPES] = {0}, pool[MAX_CARDS];
    for (int i = 0; i < sp.n_unseen; ++i) left[sp.unseen[i]]++;
    copy_fixed(out, sp.base);
    for (int other = 0; other < out.o.n; ++other) {
        if (other == sp.seat) continue;
        const double *w = sp.weight[other];
        while (out.size[other] < sp.sizes[other]) {
            double total = 0.0;
            int last = -1;
            for (int c = 0; c < NUM_TYPES; ++c)
                if (left[c]) total += left[c] * w[c], last = c;
            double u = (double)(rng.next() >> 11) * 0x1.0p-53 * total, sum = 0.0;
            int card = last;  // where rounding leaves u past the sum
            for (int c = 0; c < NUM_TYPES; ++c)
                if (left[c] && u < (sum += left[c] * w[c])) {
                    card = c;
                    break;
                }
            left[card]--;
            add_card(out, other, card);
        }
    }
    int k = 0;
    for (int c = 0; c < NUM_TYPES; ++c)
        for (int j = 0; j < left[c]; ++j) pool[k++] = (uint8_t)c;
    shuffle(pool, k, rng);
    for (int other = 0; other < out.o.n; ++other) k = place_pending(out, other, pool, k);
    place_rest(out, pool, k);
}

// A determinization into `out` (HiddenSampler.sample): dealt again until the player on turn has
// a legal action. False where no deal of MAX_DEALS did.
bool determinize(const Sampler &sp, Rng &rng, Core &out) {
    uint16_t legal[MAX_LEGAL];
    for (int i = 0; i < MAX_DEALS; ++i) {
        if (sp.weighted) deal_weighted(sp, rng, out);
        else deal_once(sp, rng, out);
        if (legal_actions(out, legal) > 0) return true;
    }
    return false;
}

}  // namespace search

// _determinize(seat, seed, infer=0): a new state of the same type, one determinization of
// `seat`'s view (weighted by what the others let go where infer > 0).
PyObject *State_determinize(StateObject *self, PyObject *args) {
    int seat;
    PyObject *seed_obj;
    double infer = 0.0;
    if (!PyArg_ParseTuple(args, "iO!|d", &seat, &PyLong_Type, &seed_obj, &infer)) return nullptr;
    if (!(infer >= 0) || infer == HUGE_VAL) {
        PyErr_SetString(PyExc_ValueError, "infer must be a number >= 0");
        return nullptr;
    }
    unsigned long long seed = PyLong_AsUnsignedLongLong(seed_obj);  // OverflowError below 0
    if (PyErr_Occurred()) return nullptr;
    if (seat < 0 || seat >= self->c.o.n) {
        PyErr_Format(PyExc_ValueError, "seat %d is not at this table (0..%d)", seat, self->c.o.n - 1);
        return nullptr;
    }
    search::Sampler *sp = (search::Sampler *)malloc(sizeof(search::Sampler));
    if (!sp) return PyErr_NoMemory();
    if (!search::make_sampler(self->c, seat, *sp, infer)) {
        free(sp);
        return nullptr;
    }
    PyTypeObject *type = Py_TYPE(self);
    StateObject *other = (StateObject *)type->tp_alloc(type, 0);
    if (!other) {
        free(sp);
        return nullptr;
    }
    other->game = Py_NewRef(self->game);
    Rng rng{seed};
    bool ok = search::determinize(*sp, rng, other->c);
    free(sp);
    if (!ok) {
        Py_DECREF(other);
        PyErr_SetString(PyExc_ValueError, "no deal of the unseen cards leaves the player on turn a legal action");
        return nullptr;
    }
    return (PyObject *)other;
}

// ===========================================================================================
// SO-ISMCTS in the core (tavolo.bots.ismcts, the reference: the same algorithm and settings).
// Each iteration determinizes the root seat's view, descends the tree by PUCT over the children
// legal in that determinization (the subset-armed availability counts), expands one node, lets
// the rollout bot (strong or easy in the core) play every seat to the horizon, scores the cut as
// ismcts._values does and backs up. Nodes and edges live in arrays grown by doubling and kept
// between searches: after the first searches nothing is allocated.

namespace search {

struct Edge {         // one child action of a node (_Node's per-action dicts)
    int32_t child;    // the node it leads to, -1 before its expansion
    int32_t next;     // the node's next edge, -1 at the end
    int32_t visits, available;
    double total, prior;
    uint16_t action;
    bool has_prior;
};

struct Node {  // an information set reached by a sequence of actions
    int32_t first;  // its first edge, -1 when none
    int8_t seat;    // the player who acts here, set at selection
};

struct Step {
    int32_t edge;
    int8_t seat;
};

constexpr int HAND = 0;  // horizon: to the end of the hand

struct Settings {
    double c, scale, held;
    int horizon;
};

}  // namespace search

struct IsmctsObject {
    PyObject_HEAD
    StrongBotObject *prior_bot;              // the root's prior
    PyObject *bots[MAX_SEATS];               // each seat's rollout bot (StrongBot or EasyBot), its prior below the root
    search::Settings set;
    search::Node *nodes;
    search::Edge *edges;
    int32_t n_nodes, cap_nodes, n_edges, cap_edges;
    search::Step *path;                      // the descent's choices: edge and chooser
    int32_t n_path, cap_path;
    search::Sampler sampler;
    Core det;                                // the determinization, played in place
    strong::Legal legal;
    int32_t edge_at[8192];                   // the selecting node's edge per action (stamped)
    uint32_t stamp_at[8192], stamp;
    Rng rng;
};

namespace search {

bool grow(void **p, int32_t *cap, size_t item, int32_t need) {
    if (need <= *cap) return true;
    int32_t cap2 = *cap ? *cap : 256;
    while (cap2 < need) cap2 *= 2;
    void *q = realloc(*p, item * cap2);
    if (!q) return false;
    *p = q, *cap = cap2;
    return true;
}

int32_t new_node(IsmctsObject *t) {
    if (!grow((void **)&t->nodes, &t->cap_nodes, sizeof(Node), t->n_nodes + 1)) abort();
    t->nodes[t->n_nodes] = Node{-1, -1};
    return t->n_nodes++;
}

int32_t new_edge(IsmctsObject *t, int32_t node, int action) {
    if (!grow((void **)&t->edges, &t->cap_edges, sizeof(Edge), t->n_edges + 1)) abort();
    t->edges[t->n_edges] = Edge{-1, t->nodes[node].first, 0, 0, 0.0, 0.0, (uint16_t)action, false};
    t->nodes[node].first = t->n_edges;
    return t->n_edges++;
}

// The node's edges by action, for this visit (edge_at, valid where stamp_at is this stamp).
void index_edges(IsmctsObject *t, int32_t node) {
    ++t->stamp;
    for (int32_t e = t->nodes[node].first; e >= 0; e = t->edges[e].next) {
        t->edge_at[t->edges[e].action] = e;
        t->stamp_at[t->edges[e].action] = t->stamp;
    }
}

inline int32_t edge_of(IsmctsObject *t, int action) { return t->stamp_at[action] == t->stamp ? t->edge_at[action] : -1; }

void fill_legal(strong::Legal &l, const uint16_t *a, int n) {
    for (int i = 0; i < l.n; ++i) l.bits[l.a[i] >> 6] = 0;
    for (int i = 0; i < n; ++i) {
        l.a[i] = a[i];
        l.bits[a[i] >> 6] |= 1ull << (a[i] & 63);
    }
    l.n = n;
}

// The choice of `bot` (a StrongBot or an EasyBot) for the player on turn, from t->legal; -1
// where it has none (strong: no plan applies).
int choice_of(IsmctsObject *t, PyObject *bot, const Core &s) {
    if (Py_TYPE(bot) == EASY_BOT_TYPE) return easy_choose((EasyBotObject *)bot, s, s.turn, t->legal);
    return strong_choose((StrongBotObject *)bot, s, s.turn, t->legal);
}

// The rollout bot's choice; where it has none, a random legal action.
int bot_choice(IsmctsObject *t, PyObject *bot, const Core &s, const uint16_t *legal, int n) {
    fill_legal(t->legal, legal, n);
    int a = choice_of(t, bot, s);
    return a >= 0 ? a : legal[t->rng.below(n)];
}

// _set_prior: the bot's prior (HeuristicBurracoBot.prior: half on its choice, the rest even)
// for the node's actions of `legal` that have none yet.
void set_prior(IsmctsObject *t, int32_t node, PyObject *bot, const Core &s, const uint16_t *legal, int n) {
    fill_legal(t->legal, legal, n);
    int chosen = choice_of(t, bot, s);
    double rest = chosen >= 0 ? 0.5 / (n - 1) : 1.0 / n;
    for (int i = 0; i < n; ++i) {
        int32_t e = edge_of(t, legal[i]);
        if (e < 0) {
            e = new_edge(t, node, legal[i]);
            t->edge_at[legal[i]] = e, t->stamp_at[legal[i]] = t->stamp;
        }
        if (!t->edges[e].has_prior) {
            t->edges[e].prior = legal[i] == chosen ? 0.5 : rest;
            t->edges[e].has_prior = true;
        }
    }
}

// _select: the PUCT choice among the children legal in this determinization; its edge.
int32_t select(IsmctsObject *t, int32_t node, const Core &s, const uint16_t *legal, int n) {
    t->nodes[node].seat = (int8_t)s.turn;
    index_edges(t, node);
    for (int i = 0; i < n; ++i) {
        int32_t e = edge_of(t, legal[i]);
        if (e < 0 || !t->edges[e].has_prior) {
            set_prior(t, node, node == 0 ? (PyObject *)t->prior_bot : t->bots[s.turn], s, legal, n);
            break;
        }
    }
    int seen = 0;
    double sum = 0.0;
    for (int i = 0; i < n; ++i) {
        const Edge &e = t->edges[edge_of(t, legal[i])];
        seen += e.visits;
        sum += e.total;
    }
    double mean = seen ? sum / seen : 0.0;
    int32_t best = -1;
    double best_score = -HUGE_VAL;
    for (int i = 0; i < n; ++i) {
        int32_t ei = edge_of(t, legal[i]);
        Edge &e = t->edges[ei];
        int a = ++e.available, k = e.visits;
        double q = k ? e.total / k : mean;
        double score = q + t->set.c * e.prior * sqrt((double)a) / (1 + k);
        if (score > best_score) best = ei, best_score = score;
    }
    return best;
}

// _standing: a side's points if the hand ended now without closing, its cards in hand counted at
// `held` times their points (scoring.score_side).
double standing(const Core &s, int side, double held) {
    int in_hand = 0, melded = 0, bonus = 0;
    for (int j = 0; j < s.side_len[side]; ++j) {
        int seat = s.side_seats[side][j];
        for (int c = 0; c < NUM_TYPES; ++c) in_hand += s.hand[seat][c] * card_points(c);
    }
    for (int i = 0; i < s.n_melds[side]; ++i) {
        melded += meld_points(s.melds[side][i]);
        bonus += KIND_BONUS[burraco_kind(s.melds[side][i], s.o.semiclean)];
    }
    int total = bonus + melded - in_hand + (side_took_pozzetto(s, side) ? 0 : -100);
    return total - (1 - held) * -in_hand;
}

// A side's points in the result of the hand that ended in `s` (into `out`); false where the hand
// has not ended.
bool result_points(const Core &s, int side, double &out) {
    if (!s.results_len) return false;
    const HandResult &r = s.results[0];
    int first = s.side_seats[side][0];
    for (int k = 0; k < r.n_sides; ++k)
        for (int j = 0; j < r.sides[k].n_seats; ++j)
            if (r.sides[k].seats[j] == first) {
                const SideResult &sr = r.sides[k];
                out = sr.closing + sr.bonus + sr.melded + sr.in_hand + sr.pozzetto;
                return true;
            }
    return false;
}

// _values: per seat, its side's points less the other sides' mean, in `scale` units; the hand's
// score where it ended, else the standing.
void values(const IsmctsObject *t, const Core &s, double *out) {
    double sides[MAX_SEATS], total = 0.0;
    for (int side = 0; side < s.n_sides; ++side) {
        if (!result_points(s, side, sides[side])) sides[side] = standing(s, side, t->set.held);
        total += sides[side];
    }
    int others = s.n_sides - 1;
    for (int seat = 0; seat < s.o.n; ++seat) {
        double mine = sides[s.side_of[seat]];
        out[seat] = (mine - (total - mine) / others) / t->set.scale;
    }
}

// _iterate: one iteration on one determinization.
void iterate(IsmctsObject *t) {
    Core &s = t->det;
    if (!determinize(t->sampler, t->rng, s)) abort();  // the root's own position has a legal action
    uint16_t legal[MAX_LEGAL];
    int turns_left = t->set.horizon != HAND ? t->set.horizon + (s.phase == DRAW_PHASE) : -1;
    t->n_path = 0;
    int32_t node = 0;
    while (s.phase != OVER && s.results_len == 0) {
        int n = legal_actions(s, legal), action;
        if (n == 1) {
            action = legal[0];
            if (node >= 0) {  // a forced move keeps its place in the sequence, without a choice
                index_edges(t, node);
                int32_t e = edge_of(t, action);
                if (e < 0) e = new_edge(t, node, action);
                if (t->edges[e].child < 0) {
                    int32_t child = new_node(t);
                    t->edges[e].child = child;
                }
                node = t->edges[e].child;
            }
        } else if (node >= 0) {
            int32_t e = select(t, node, s, legal, n);
            if (!grow((void **)&t->path, &t->cap_path, sizeof(Step), t->n_path + 1)) abort();
            t->path[t->n_path++] = Step{e, t->nodes[node].seat};
            action = t->edges[e].action;
            if (t->edges[e].child < 0) {  // expansion: the rollout plays on from here
                int32_t child = new_node(t);
                t->edges[e].child = child;
                node = -1;
            } else {
                node = t->edges[e].child;
            }
        } else {
            action = bot_choice(t, t->bots[s.turn], s, legal, n);
        }
        if (action == DRAW || action == TAKE) {
            if (turns_left == 0) break;
            --turns_left;
        }
        play_action(s, action);
    }
    double v[MAX_SEATS];
    values(t, s, v);
    for (int i = 0; i < t->n_path; ++i) {
        Edge &e = t->edges[t->path[i].edge];
        e.visits++;
        e.total += v[t->path[i].seat];
    }
}

}  // namespace search

// Ismcts(prior_bot, bots, c, horizon, scale, held): the search's bots (the prior a StrongBot, the
// rollout bots all StrongBot or all EasyBot) and settings. The EasyBots' generators are seeded
// afresh at each search, from the search's generator.

PyObject *Ismcts_new(PyTypeObject *type, PyObject *args, PyObject *) {
    PyObject *prior, *bots;
    double c, scale, held;
    int horizon;
    if (!PyArg_ParseTuple(args, "O!O!didd", STRONG_BOT_TYPE, &prior, &PyTuple_Type, &bots, &c, &horizon, &scale, &held))
        return nullptr;
    Py_ssize_t n = PyTuple_GET_SIZE(bots);
    if (n < 2 || n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "one rollout bot per seat, 2 to 6");
        return nullptr;
    }
    PyTypeObject *kind = Py_TYPE(PyTuple_GET_ITEM(bots, 0));
    for (Py_ssize_t i = 0; i < n; ++i)
        if (Py_TYPE(PyTuple_GET_ITEM(bots, i)) != kind || (kind != STRONG_BOT_TYPE && kind != EASY_BOT_TYPE)) {
            PyErr_SetString(PyExc_TypeError, "the rollout bots are all StrongBot or all EasyBot objects");
            return nullptr;
        }
    if (!(c >= 0) || !(scale > 0) || !(held >= 0) || horizon < 0) {
        PyErr_SetString(PyExc_ValueError, "c >= 0, scale > 0, held >= 0, horizon >= 0 (0: the hand)");
        return nullptr;
    }
    IsmctsObject *self = (IsmctsObject *)type->tp_alloc(type, 0);  // zeroed
    if (!self) return nullptr;
    self->prior_bot = (StrongBotObject *)Py_NewRef(prior);
    for (Py_ssize_t i = 0; i < n; ++i) self->bots[i] = Py_NewRef(PyTuple_GET_ITEM(bots, i));
    self->set = search::Settings{c, scale, held, horizon};
    return (PyObject *)self;
}

void Ismcts_dealloc(IsmctsObject *self) {
    Py_XDECREF((PyObject *)self->prior_bot);
    for (int i = 0; i < MAX_SEATS; ++i) Py_XDECREF(self->bots[i]);
    free(self->nodes);
    free(self->edges);
    free(self->path);
    free_core(self->det);
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free((PyObject *)self);
    Py_DECREF(tp);
}

namespace search {

// The time a search has run: the wall clock, or (`cpu`) the CPU time of the thread that searches,
// which a loaded machine does not shorten (an evaluation's budget: the same search however many
// other processes share the cores).
struct Clock {
    bool cpu;
    double start;
    static double now(bool cpu) {
        if (cpu) {
            timespec t;
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
            return t.tv_sec + t.tv_nsec * 1e-9;
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    explicit Clock(bool cpu) : cpu(cpu), start(now(cpu)) {}
    double seconds() const { return now(cpu) - start; }
};

// One search call's arguments (view, legal, budget, seconds, seed), read and checked as both
// searches in the core take them (Ismcts, Pimc): the view's state; or nullptr, with a Python
// error set, or with `moved` where the view's state has moved on (the caller returns None: a
// kept observation).
const Core *read_call(PyObject *args, void *const *bots, const char *budget_error, SeatViewObject *&view,
                      long &budget, double &seconds, unsigned long long &seed, strong::Legal &given, bool &moved,
                      int &cpu_clock) {
    PyObject *view_obj, *legal_obj, *seed_obj;
    moved = false;
    cpu_clock = 0;
    if (!PyArg_ParseTuple(args, "O!OldO!|p", SEAT_VIEW_TYPE, &view_obj, &legal_obj, &budget, &seconds, &PyLong_Type,
                          &seed_obj, &cpu_clock))
        return nullptr;
    seed = PyLong_AsUnsignedLongLong(seed_obj);
    if (PyErr_Occurred()) return nullptr;
    if (budget < 0 || !(seconds >= 0) || (budget == 0 && seconds == 0)) {
        PyErr_SetString(PyExc_ValueError, budget_error);
        return nullptr;
    }
    view = (SeatViewObject *)view_obj;
    const Core &real = view->state->c;
    if (state_stamp(real) != view->stamp) {
        moved = true;
        return nullptr;
    }
    if (real.turn != view->seat || (real.phase != DRAW_PHASE && real.phase != PLAY)) {
        PyErr_SetString(PyExc_ValueError, "the search is for the seat on turn, during a hand");
        return nullptr;
    }
    if (real.o.n > MAX_SEATS || !bots[real.o.n - 1] || (real.o.n < MAX_SEATS && bots[real.o.n])) {
        PyErr_SetString(PyExc_ValueError, "one rollout bot per seat of this table");
        return nullptr;
    }
    if (!read_legal(legal_obj, given)) return nullptr;
    if (given.n < 1) {
        PyErr_SetString(PyExc_ValueError, "no legal action");
        return nullptr;
    }
    return &real;
}

}  // namespace search

// search(view, legal, iterations, seconds, seed[, cpu]): (action, iterations run, visits per legal
// action); `cpu`: seconds of the thread's CPU time, not the wall clock. `iterations` 0: no limit; `seconds` 0: no time limit (at least one must be set);
// the first reached stops, after at least one iteration. None where the view's state has moved
// on (a kept observation: the Python search reads it).
PyObject *Ismcts_search(IsmctsObject *self, PyObject *args) {
    SeatViewObject *view;
    long iterations;
    double seconds;
    unsigned long long seed;
    bool moved;
    static thread_local strong::Legal given;
    int cpu_clock;
    const Core *found = search::read_call(args, (void *const *)self->bots,
                                          "an iteration budget >= 1 and/or a time budget > 0", view, iterations,
                                          seconds, seed, given, moved, cpu_clock);
    if (!found) {
        if (moved) Py_RETURN_NONE;
        return nullptr;
    }
    const Core &real = *found;
    if (!search::make_sampler(real, view->seat, self->sampler)) return nullptr;
    self->rng = Rng{seed};
    for (int i = 0; i < real.o.n; ++i)  // easy's tie-breaks: a generator per seat, as random.Random(x) for x drawn here
        if (Py_TYPE(self->bots[i]) == EASY_BOT_TYPE) ((EasyBotObject *)self->bots[i])->mt.seed(self->rng.next());
    self->n_nodes = self->n_edges = 0;
    search::new_node(self);
    search::index_edges(self, 0);
    uint16_t root_legal[MAX_LEGAL];
    memcpy(root_legal, given.a, sizeof(uint16_t) * given.n);
    search::set_prior(self, 0, (PyObject *)self->prior_bot, real, root_legal, given.n);
    long done = 0;
    Py_BEGIN_ALLOW_THREADS  // the iterations touch no Python object: other threads run meanwhile
    search::Clock clock(cpu_clock);
    while (true) {
        if (iterations && done >= iterations) break;
        if (seconds > 0 && done && clock.seconds() >= seconds) break;
        search::iterate(self);
        ++done;
    }
    Py_END_ALLOW_THREADS
    search::index_edges(self, 0);
    PyObject *visits = PyTuple_New(given.n);
    if (!visits) return nullptr;
    int best = -1;
    int32_t best_visits = -1;
    double best_prior = 0.0;
    for (int i = 0; i < given.n; ++i) {
        int32_t e = search::edge_of(self, given.a[i]);
        int32_t k = e >= 0 ? self->edges[e].visits : 0;
        double prior = e >= 0 ? self->edges[e].prior : 0.0;
        PyTuple_SET_ITEM(visits, i, PyLong_FromLong(k));
        if (k > best_visits || (k == best_visits && prior > best_prior)) best = given.a[i], best_visits = k, best_prior = prior;
    }
    return Py_BuildValue("(NlN)", PyLong_FromLong(best), done, visits);
}

PyMethodDef Ismcts_methods[] = {
    {"search", (PyCFunction)Ismcts_search, METH_VARARGS,
     "search(view, legal, iterations, seconds, seed[, cpu]): (action, iterations, visits per legal action)."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot Ismcts_slots[] = {
    {Py_tp_doc, (void *)"SO-ISMCTS in the core (tavolo.bots.ismcts), heuristic:strong as prior, strong or easy as "
                        "rollout."},
    {Py_tp_new, (void *)Ismcts_new},
    {Py_tp_dealloc, (void *)Ismcts_dealloc},
    {Py_tp_methods, Ismcts_methods},
    {0, nullptr},
};

PyType_Spec Ismcts_spec = {"tavolo.games.burraco._core.Ismcts", sizeof(IsmctsObject), 0, Py_TPFLAGS_DEFAULT,
                           Ismcts_slots};
