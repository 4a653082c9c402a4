// heuristic:easy in the core: tavolo.bots.heuristic's level "easy" (the draw by _take_pile, the
// play by _unplanned and _best, the discard by keep_value), the same choice as the Python bot at
// every decision, its exact ties broken by the same numbers: CPython's random.Random (the
// Mersenne Twister MT19937, Matsumoto and Nishimura, ACM TOMACS 8(1), 1998, as
// Modules/_randommodule.c seeds it and draws from it) ported here word for word. Included by
// _core.cpp after _strong.cpp, inside its namespace: the table's reading and the draw are
// strong's (Table with read_easy, take_pile unweighed: easy's rules are strong's reading without
// weigh_pile, clean, dead, guard and the plan), so that the two cannot drift apart. The Python
// bot stays the reference (tests/bots/test_easy_core.py holds the two equal, tie-breaks
// included).
//
// What it reads of the state: only what _observe(seat) hands out, as strong's bot does.

namespace easy {

// --- CPython's random.Random -----------------------------------------------------------------
constexpr int N = 624, M = 397;
constexpr uint32_t MATRIX_A = 0x9908b0dfu, UPPER_MASK = 0x80000000u, LOWER_MASK = 0x7fffffffu;

struct Mt {
    uint32_t mt[N];
    int index;

    void init_genrand(uint32_t s) {  // _randommodule.c init_genrand
        mt[0] = s;
        for (int i = 1; i < N; ++i) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
        index = N;
    }

    // init_by_array: random.seed(n) for an int n, with `key` abs(n)'s 32-bit words, least
    // significant first ([0] for 0).
    void init_by_array(const uint32_t *key, size_t n) {
        init_genrand(19650218u);
        size_t i = 1, j = 0;
        for (size_t k = N > n ? N : n; k; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
            ++i, ++j;
            if (i >= N) mt[0] = mt[N - 1], i = 1;
            if (j >= n) j = 0;
        }
        for (size_t k = N - 1; k; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
            ++i;
            if (i >= N) mt[0] = mt[N - 1], i = 1;
        }
        mt[0] = 0x80000000u;
    }

    void seed(uint64_t x) {  // random.seed(x) for 0 <= x < 2**64
        uint32_t key[2] = {(uint32_t)x, (uint32_t)(x >> 32)};
        init_by_array(key, key[1] ? 2 : 1);
    }

    uint32_t next() {  // genrand_uint32
        uint32_t y;
        if (index >= N) {
            int k;
            for (k = 0; k < N - M; ++k) {
                y = (mt[k] & UPPER_MASK) | (mt[k + 1] & LOWER_MASK);
                mt[k] = mt[k + M] ^ (y >> 1) ^ (y & 1 ? MATRIX_A : 0u);
            }
            for (; k < N - 1; ++k) {
                y = (mt[k] & UPPER_MASK) | (mt[k + 1] & LOWER_MASK);
                mt[k] = mt[k + (M - N)] ^ (y >> 1) ^ (y & 1 ? MATRIX_A : 0u);
            }
            y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ (y & 1 ? MATRIX_A : 0u);
            index = 0;
        }
        y = mt[index++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        return y;
    }

    double random() {  // random_random: 53 bits, [0, 1)
        uint32_t a = next() >> 5, b = next() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
};

// --- the bot: HeuristicBurracoBot at level easy ---------------------------------------------

// _Table.meld_value of an open or attach action of `t` (the side's melds as they stand).
double meld_value(const strong::Table &t, int action, int left) {
    if (action < ATTACH_BASE) return t.open_value(action - OPEN_BASE, left);
    int rest = action - ATTACH_BASE, slot = rest / (NUM_TYPES * 2);
    rest %= NUM_TYPES * 2;
    int card = rest / 2, variant = rest % 2;
    AttachList al;
    attachments(t.mine[slot], al);
    for (int j = 0; j < al.n; ++j)
        if (al.a[j].card == card && al.a[j].variant == variant) return t.attach_value(slot, al.a[j], t.mine, left);
    return strong::NEVER;  // not an attachment of that meld: a legal list never holds one
}

}  // namespace easy

struct EasyBotObject {
    PyObject_HEAD
    strong::Weights w;
    strong::RuleSet rs;
    easy::Mt mt;  // the tie-breaks' generator, random.Random's state
    strong::Table table;
};

PyTypeObject *EASY_BOT_TYPE = nullptr;

// HeuristicBurracoBot._unplanned: the most valuable meld (_best, exact ties broken by
// `random() * ties < 1` in the legal list's order), else the discard worth least kept (the first
// of the lowest); -1 where there is neither.
int easy_unplanned(EasyBotObject *self, const strong::Table &t, const strong::Legal &legal) {
    int left = strong::hand_sum(t.h);
    int best = -1, ties = 0;
    double best_value = -HUGE_VAL;
    bool discards = false;
    for (int i = 0; i < legal.n; ++i) {
        int action = legal.a[i];
        if (action < OPEN_BASE) {
            discards |= action >= DISCARD_BASE;
            continue;
        }
        double value = easy::meld_value(t, action, left);
        if (value > best_value) {
            best = action, best_value = value, ties = 1;
        } else if (value == best_value) {
            ++ties;
            if (self->mt.random() * ties < 1) best = action;
        }
    }
    if (best >= 0 && (best_value > 0 || !discards)) return best;
    uint64_t fit = strong::fits_of(t.mine, t.n_mine, false), present = strong::present_of(t.h);
    int cheapest = -1;
    double lowest = 0.0;
    for (int i = 0; i < legal.n; ++i) {
        int action = legal.a[i];
        if (action < DISCARD_BASE || action >= OPEN_BASE) continue;
        double keep = t.keep_value(action - DISCARD_BASE, t.h, present, fit);
        if (cheapest < 0 || keep < lowest) cheapest = action, lowest = keep;
    }
    return cheapest;
}

// HeuristicBurracoBot.choose at level easy for `seat` of `s` (a draw or play decision, more than
// one legal action): the action; -1 where the play has no meld and no discard.
int easy_choose(EasyBotObject *self, const Core &s, int seat, const strong::Legal &legal) {
    strong::Reading v{s, seat, s.o.n, s.side_of[seat], self->rs};
    if (s.phase == DRAW_PHASE) {
        if (!legal.has(TAKE)) return DRAW;
        return strong::take_pile(v, self->w, false) ? TAKE : DRAW;
    }
    self->table.read_easy(v, self->w);
    return easy_unplanned(self, self->table, legal);
}

// EasyBot(weights, semiclean, clean_to_close, group_ranks): as StrongBot; its generator is
// seeded as random.Random(0) until seed() or setstate() says otherwise.
PyObject *EasyBot_new(PyTypeObject *type, PyObject *args, PyObject *) {
    strong::Weights w;
    strong::RuleSet rs;
    if (!parse_bot_args(args, w, rs)) return nullptr;
    EasyBotObject *self = (EasyBotObject *)type->tp_alloc(type, 0);
    if (!self) return nullptr;
    self->w = w;
    self->rs = rs;
    self->mt.seed(0);
    return (PyObject *)self;
}

void EasyBot_dealloc(EasyBotObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free((PyObject *)self);
    Py_DECREF(tp);
}

// choose(view, legal): HeuristicBurracoBot.choose at level easy, for more than one legal action;
// -1: neither a meld nor a discard is legal, -2: the view's state has moved on (nothing drawn
// from the generator in either case).
PyObject *EasyBot_choose(EasyBotObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return choose_call(args, nargs, [self](const Core &s, int seat, const strong::Legal &legal) {
        return easy_choose(self, s, seat, legal);
    });
}

// seed(n): random.seed(n) for an int n (the key: abs(n) in 32-bit words, least significant first).
PyObject *EasyBot_seed(EasyBotObject *self, PyObject *arg) {
    if (!PyLong_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "seed(n): an int");
        return nullptr;
    }
    PyObject *n = PyNumber_Absolute(arg), *shift = PyLong_FromLong(32);
    uint32_t *key = nullptr;
    size_t len = 0, cap = 0;
    bool ok = n && shift;
    while (ok) {
        if (len == cap) {
            cap = cap ? 2 * cap : 4;
            uint32_t *more = (uint32_t *)realloc(key, sizeof(uint32_t) * cap);
            if (!more) {
                PyErr_NoMemory();
                ok = false;
                break;
            }
            key = more;
        }
        key[len++] = (uint32_t)PyLong_AsUnsignedLongLongMask(n);
        PyObject *rest = PyNumber_Rshift(n, shift);
        Py_DECREF(n);
        n = rest;
        if (!n) ok = false;
        else if (!PyObject_IsTrue(n)) break;
    }
    if (ok) self->mt.init_by_array(key, len);
    free(key);
    Py_XDECREF(n);
    Py_XDECREF(shift);
    if (!ok) return nullptr;
    Py_RETURN_NONE;
}

// random(): the generator's next float, as random.Random.random().
PyObject *EasyBot_random(EasyBotObject *self, PyObject *) { return PyFloat_FromDouble(self->mt.random()); }

// getstate(): the generator's 624 words and index, as random.Random.getstate()[1].
PyObject *EasyBot_getstate(EasyBotObject *self, PyObject *) {
    PyObject *state = PyTuple_New(easy::N + 1);
    if (!state) return nullptr;
    for (int i = 0; i <= easy::N; ++i) {
        PyObject *x = i < easy::N ? PyLong_FromUnsignedLong(self->mt.mt[i]) : PyLong_FromLong(self->mt.index);
        if (!x) {
            Py_DECREF(state);
            return nullptr;
        }
        PyTuple_SET_ITEM(state, i, x);
    }
    return state;
}

// setstate(state): the generator's state from random.Random.getstate()[1] (624 words and index).
PyObject *EasyBot_setstate(EasyBotObject *self, PyObject *arg) {
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != easy::N + 1) {
        PyErr_SetString(PyExc_ValueError, "state: a tuple of 624 words and the index, as random.Random.getstate()[1]");
        return nullptr;
    }
    easy::Mt mt;
    for (int i = 0; i <= easy::N; ++i) {
        unsigned long x = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(arg, i));
        if (PyErr_Occurred()) return nullptr;
        if (i < easy::N) {
            if (x > 0xffffffffu) {
                PyErr_SetString(PyExc_OverflowError, "a state word is 32 bits");
                return nullptr;
            }
            mt.mt[i] = (uint32_t)x;
        } else {
            if (x > (unsigned long)easy::N) {
                PyErr_SetString(PyExc_ValueError, "invalid state");
                return nullptr;
            }
            mt.index = (int)x;
        }
    }
    self->mt = mt;
    Py_RETURN_NONE;
}

PyMethodDef EasyBot_methods[] = {
    {"choose", (PyCFunction)(void (*)(void))EasyBot_choose, METH_FASTCALL,
     "choose(view, legal): easy's action; -1 where no meld and no discard is legal, -2 where the state moved on."},
    {"seed", (PyCFunction)EasyBot_seed, METH_O, "seed(n): the tie-breaks' generator seeded as random.seed(n)."},
    {"random", (PyCFunction)EasyBot_random, METH_NOARGS, "The generator's next float, as random.random()."},
    {"getstate", (PyCFunction)EasyBot_getstate, METH_NOARGS, "The generator's state, as random.getstate()[1]."},
    {"setstate", (PyCFunction)EasyBot_setstate, METH_O, "setstate(state): as random.setstate's state[1]."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot EasyBot_slots[] = {
    {Py_tp_doc, (void *)"heuristic:easy in the core (tavolo.bots.heuristic), with CPython's random.Random for its "
                        "tie-breaks."},
    {Py_tp_new, (void *)EasyBot_new},
    {Py_tp_dealloc, (void *)EasyBot_dealloc},
    {Py_tp_methods, EasyBot_methods},
    {0, nullptr},
};

PyType_Spec EasyBot_spec = {"tavolo.games.burraco._core.EasyBot", sizeof(EasyBotObject), 0, Py_TPFLAGS_DEFAULT,
                            EasyBot_slots};
