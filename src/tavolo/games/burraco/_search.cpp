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
};

// Works out `out` from `s` as `seat` sees it (HiddenSampler.__init__). False, with a Python
// error set, where the phase is not a hand's or the view is inconsistent.
bool make_sampler(const Core &s, int seat, Sampler &out) {
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
    return true;
}

// One deal of the unseen cards into `out` (HiddenSampler._deal_once): the pool shuffled, then
// each other hand filled up, each seat's unseen pozzetto, the pozzetti and the stock.
void deal_once(const Sampler &sp, Rng &rng, Core &out) {
    uint8_t pool[MAX_CARDS];
    int k = sp.n_unseen;
    memcpy(pool, sp.unseen, k);
    for (int i = k - 1; i > 0; --i) {
        int j = rng.below(i + 1);
        uint8_t t = pool[i];
        pool[i] = pool[j], pool[j] = t;
    }
    copy_fixed(out, sp.base);
    int n = out.o.n;
    for (int other = 0; other < n; ++other) {
        if (other != sp.seat)
            while (out.size[other] < sp.sizes[other]) add_card(out, other, pool[--k]);
        for (int i = 0; i < out.pending_len[other]; ++i) out.pending[other][i] = pool[--k];
    }
    for (int p = 0; p < out.n_pozz; ++p)
        for (int i = 0; i < out.pozz_len[p]; ++i) out.pozz[p][i] = pool[--k];
    for (int i = 0; i < out.stock_len; ++i) out.stock[i] = pool[--k];
}

// A determinization into `out` (HiddenSampler.sample): dealt again until the player on turn has
// a legal action. False where no deal of MAX_DEALS did.
bool determinize(const Sampler &sp, Rng &rng, Core &out) {
    uint16_t legal[MAX_LEGAL];
    for (int i = 0; i < MAX_DEALS; ++i) {
        deal_once(sp, rng, out);
        if (legal_actions(out, legal) > 0) return true;
    }
    return false;
}

}  // namespace search

// _determinize(seat, seed): a new state of the same type, one determinization of `seat`'s view.
PyObject *State_determinize(StateObject *self, PyObject *args) {
    int seat;
    PyObject *seed_obj;
    if (!PyArg_ParseTuple(args, "iO!", &seat, &PyLong_Type, &seed_obj)) return nullptr;
    unsigned long long seed = PyLong_AsUnsignedLongLong(seed_obj);  // OverflowError below 0
    if (PyErr_Occurred()) return nullptr;
    if (seat < 0 || seat >= self->c.o.n) {
        PyErr_Format(PyExc_ValueError, "seat %d is not at this table (0..%d)", seat, self->c.o.n - 1);
        return nullptr;
    }
    search::Sampler *sp = (search::Sampler *)malloc(sizeof(search::Sampler));
    if (!sp) return PyErr_NoMemory();
    if (!search::make_sampler(self->c, seat, *sp)) {
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
