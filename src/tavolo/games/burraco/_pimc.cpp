// Determinized rollouts in the core (issue 27), included by _core.cpp after _search.cpp.
//
// Pimc: at a decision, a few candidate actions are each played on the same determinizations of
// the seat's view (search::make_sampler, search::determinize: only what the seat may see;
// weighted by what the others let go where `infer` > 0), and
// strong in the core plays every seat from there to the hand's end. A candidate's value on one
// determinization is the hand's score: own side's points less the other sides' mean. The stock's
// order is part of the determinization and strong chooses without chance, so every candidate
// meets the same cards (common random numbers) and the difference to strong's own choice on each
// determinization is a paired sample. Candidates clearly worse than strong's choice or than the
// best are dropped as the rounds go (racing); strong's choice is kept unless another candidate's
// mean difference exceeds `margin` points. One step of policy improvement over strong (the
// rollout algorithm, Bertsekas and Castanon 1999; perfect-information Monte Carlo, Ginsberg's
// GIB 2001, for the determinizations).

namespace search {

constexpr int MAX_CANDIDATES = 64;

enum MeldMode : int {
    MELDS_STRONG = 0,   // a meld strong chooses is played without search
    MELDS_DISCARD = 1,  // strong's meld against each discard now (stop melding)
    MELDS_ALL = 2,      // strong's meld against every legal action (up to MAX_CANDIDATES)
};

struct PimcSettings {
    double margin, z;
    int melds, min_rounds;
    double infer;  // the determinizations' weight on what the others let go (0: uniform deals)
};

struct Candidate {
    uint16_t action;
    bool alive;
    int32_t n;         // rounds it was played in
    double sum, sum2;  // of its difference to strong's choice on the same determinization
};

}  // namespace search

struct PimcObject {
    PyObject_HEAD
    StrongBotObject *prior_bot;        // strong's choice at the root (the real game's turn plan)
    StrongBotObject *bots[MAX_SEATS];  // each seat's rollout bot
    search::PimcSettings set;
    search::Sampler sampler;
    search::Candidate cand[search::MAX_CANDIDATES];
    int n_cand;
    Core det, work;
    strong::Legal legal;
    Rng rng;
};

namespace search {

inline bool is_discard(int a) { return a >= DISCARD_BASE && a < OPEN_BASE; }

// Strong's choice for the player on turn of `s`; a random legal action where no plan applies.
int rollout_choice(PimcObject *t, StrongBotObject *bot, const Core &s, const uint16_t *legal, int n) {
    fill_legal(t->legal, legal, n);
    int a = strong_choose(bot, s, s.turn, t->legal);
    return a >= 0 ? a : legal[t->rng.below(n)];
}

// The hand's score for `seat` where it ended (own side less the others' mean); the points as
// they stand, cards in hand counted, where it did not (no rollout stops short of the end).
double hand_value(const Core &s, int seat) {
    double sides[MAX_SEATS], total = 0.0;
    for (int side = 0; side < s.n_sides; ++side) {
        if (!result_points(s, side, sides[side])) sides[side] = standing(s, side, 1.0);
        total += sides[side];
    }
    double mine = sides[s.side_of[seat]];
    return mine - (total - mine) / (s.n_sides - 1);
}

// `action` played on a copy of the determinization, then strong for every seat to the hand's
// end; the value for `seat`.
double rollout(PimcObject *t, int action, int seat) {
    Core &s = t->work;
    copy_fixed(s, t->det);
    for (int i = 0; i < s.o.n; ++i) t->bots[i]->has_plan = t->bots[i]->has_pile_plan = false;
    play_action(s, action);
    uint16_t legal[MAX_LEGAL];
    while (s.phase != OVER && s.results_len == 0) {
        int n = legal_actions(s, legal);
        play_action(s, n == 1 ? legal[0] : rollout_choice(t, t->bots[s.turn], s, legal, n));
    }
    return hand_value(s, seat);
}

// The candidates (cand[0]: strong's choice, or the first legal action where no plan applies):
// at the draw, draw and take; at a discard strong chooses, every discard; at a meld, per the
// `melds` setting. The number of candidates (1: nothing to search).
int candidates(PimcObject *t, const Core &real, const strong::Legal &given) {
    int chosen = strong_choose(t->prior_bot, real, real.turn, given);
    bool planless = chosen < 0;
    if (planless) chosen = given.a[0];
    int n = 0;
    t->cand[n++] = Candidate{(uint16_t)chosen, true, 0, 0.0, 0.0};
    bool all = planless || real.phase == DRAW_PHASE || t->set.melds == MELDS_ALL;
    bool discards = is_discard(chosen) || t->set.melds == MELDS_DISCARD;
    if (!all && !discards) return n;
    for (int i = 0; i < given.n && n < MAX_CANDIDATES; ++i) {
        int a = given.a[i];
        if (a != chosen && (all || is_discard(a))) t->cand[n++] = Candidate{(uint16_t)a, true, 0, 0.0, 0.0};
    }
    return n;
}

inline double cand_mean(const Candidate &c) { return c.n ? c.sum / c.n : 0.0; }

inline double cand_se(const Candidate &c) {
    if (c.n < 2) return HUGE_VAL;
    double m = c.sum / c.n, var = (c.sum2 - c.n * m * m) / (c.n - 1);
    return sqrt(var > 0 ? var / c.n : 0.0);
}

// One round: a determinization, every live candidate rolled out on it; then the racing rule
// drops a candidate whose upper bound (mean + z standard errors) is below zero (strong's choice)
// or below the best candidate's lower bound. The live candidates other than strong's.
int round_once(PimcObject *t, int seat, int round) {
    if (!determinize(t->sampler, t->rng, t->det)) abort();  // the root's own position has a legal action
    double base = rollout(t, t->cand[0].action, seat);
    for (int i = 1; i < t->n_cand; ++i) {
        Candidate &c = t->cand[i];
        if (!c.alive) continue;
        double d = rollout(t, c.action, seat) - base;
        c.n++, c.sum += d, c.sum2 += d * d;
    }
    t->cand[0].n++;
    if (round + 1 < t->set.min_rounds) return t->n_cand - 1;
    double best_low = 0.0;  // strong's choice: 0 exactly
    for (int i = 1; i < t->n_cand; ++i)
        if (t->cand[i].alive) best_low = fmax(best_low, cand_mean(t->cand[i]) - t->set.z * cand_se(t->cand[i]));
    int live = 0;
    for (int i = 1; i < t->n_cand; ++i) {
        Candidate &c = t->cand[i];
        if (!c.alive) continue;
        double high = cand_mean(c) + t->set.z * cand_se(c);
        if (high < best_low || high < 0) c.alive = false;
        else ++live;
    }
    return live;
}

// The candidate played: the live one with the highest mean difference where that exceeds the
// margin and z standard errors, else strong's choice.
int pick(const PimcObject *t) {
    int best = 0;
    double best_mean = t->set.margin;
    for (int i = 1; i < t->n_cand; ++i) {
        const Candidate &c = t->cand[i];
        double m = cand_mean(c);
        if (c.alive && c.n >= 2 && m > best_mean && m - t->set.z * cand_se(c) > 0) best = i, best_mean = m;
    }
    return best;
}

}  // namespace search

// Pimc(prior_bot, bots, melds, margin, z, min_rounds, infer): the search's bots (StrongBot) and
// settings.
PyObject *Pimc_new(PyTypeObject *type, PyObject *args, PyObject *) {
    PyObject *prior, *bots;
    double margin, z, infer;
    int melds, min_rounds;
    if (!PyArg_ParseTuple(args, "O!O!iddid", STRONG_BOT_TYPE, &prior, &PyTuple_Type, &bots, &melds, &margin, &z,
                          &min_rounds, &infer))
        return nullptr;
    Py_ssize_t n = PyTuple_GET_SIZE(bots);
    if (n < 2 || n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "one rollout bot per seat, 2 to 6");
        return nullptr;
    }
    for (Py_ssize_t i = 0; i < n; ++i)
        if (Py_TYPE(PyTuple_GET_ITEM(bots, i)) != STRONG_BOT_TYPE) {
            PyErr_SetString(PyExc_TypeError, "the rollout bots are StrongBot objects");
            return nullptr;
        }
    if (melds < search::MELDS_STRONG || melds > search::MELDS_ALL || !(margin >= 0) || !(z >= 0) || min_rounds < 1 ||
        !(infer >= 0) || infer == HUGE_VAL) {
        PyErr_SetString(PyExc_ValueError, "melds 0, 1 or 2; margin >= 0; z >= 0; min_rounds >= 1; infer >= 0");
        return nullptr;
    }
    PimcObject *self = (PimcObject *)type->tp_alloc(type, 0);  // zeroed
    if (!self) return nullptr;
    self->prior_bot = (StrongBotObject *)Py_NewRef(prior);
    for (Py_ssize_t i = 0; i < n; ++i) self->bots[i] = (StrongBotObject *)Py_NewRef(PyTuple_GET_ITEM(bots, i));
    self->set = search::PimcSettings{margin, z, melds, min_rounds, infer};
    return (PyObject *)self;
}

void Pimc_dealloc(PimcObject *self) {
    Py_XDECREF((PyObject *)self->prior_bot);
    for (int i = 0; i < MAX_SEATS; ++i) Py_XDECREF((PyObject *)self->bots[i]);
    free_core(self->det);
    free_core(self->work);
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free((PyObject *)self);
    Py_DECREF(tp);
}

// search(view, legal, rounds, seconds, seed[, cpu]): (action, rounds run, ((action, rounds, mean
// difference to strong's choice), ...) per candidate, strong's choice first). `rounds` 0: no
// limit; `seconds` 0: no time limit (at least one set); the first reached stops, after at least
// one round; a round is one determinization, every live candidate rolled out on it. No round
// where strong's choice has no rival; None where the view's state has moved on.
PyObject *Pimc_search(PimcObject *self, PyObject *args) {
    SeatViewObject *view;
    long rounds;
    double seconds;
    unsigned long long seed;
    bool moved;
    static thread_local strong::Legal given;
    int cpu_clock;
    const Core *found = search::read_call(args, (void *const *)self->bots, "a round budget >= 1 and/or a time budget > 0",
                                          view, rounds, seconds, seed, given, moved, cpu_clock);
    if (!found) {
        if (moved) Py_RETURN_NONE;
        return nullptr;
    }
    const Core &real = *found;
    if (!search::make_sampler(real, view->seat, self->sampler, self->set.infer)) return nullptr;
    self->rng = Rng{seed};
    self->n_cand = search::candidates(self, real, given);
    long done = 0;
    int seat = view->seat;
    Py_BEGIN_ALLOW_THREADS  // the rounds touch no Python object: other threads run meanwhile
    search::Clock clock(cpu_clock);
    for (int live = self->n_cand - 1; live > 0; ++done) {
        if (rounds && done >= rounds) break;
        if (seconds > 0 && done && clock.seconds() >= seconds) break;
        live = search::round_once(self, seat, (int)done);
    }
    Py_END_ALLOW_THREADS
    PyObject *stats = PyTuple_New(self->n_cand);
    if (!stats) return nullptr;
    for (int i = 0; i < self->n_cand; ++i) {
        const search::Candidate &c = self->cand[i];
        PyTuple_SET_ITEM(stats, i, Py_BuildValue("(iid)", (int)c.action, (int)c.n, search::cand_mean(c)));
    }
    return Py_BuildValue("(ilN)", (int)self->cand[search::pick(self)].action, done, stats);
}

PyMethodDef Pimc_methods[] = {
    {"search", (PyCFunction)Pimc_search, METH_VARARGS,
     "search(view, legal, rounds, seconds, seed[, cpu]): (action, rounds, (action, rounds, mean difference) per candidate)."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot Pimc_slots[] = {
    {Py_tp_doc, (void *)"Determinized rollouts of heuristic:strong in the core (tavolo.bots.pimc)."},
    {Py_tp_new, (void *)Pimc_new},
    {Py_tp_dealloc, (void *)Pimc_dealloc},
    {Py_tp_methods, Pimc_methods},
    {0, nullptr},
};

PyType_Spec Pimc_spec = {"tavolo.games.burraco._core.Pimc", sizeof(PimcObject), 0, Py_TPFLAGS_DEFAULT, Pimc_slots};
