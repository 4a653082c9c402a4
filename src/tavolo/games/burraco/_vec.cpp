// N tables stepped in the core (issue 42), included by _core.cpp after the observation encoder.
//
// _core.Vec(prototype, tables, margin): `tables` matches under the rules of `prototype` (a
// _core.Core, whose options are copied), each with its own splitmix64 generator. One call plays
// one action at every table and writes, for each table, the observation tensor of the seat now
// to act (encode_tensor: the same numbers as Core.encode_observation), its legal actions (as ids
// and, where asked, as a dense int8 mask), the rewards of a hand that ended and whether the
// match ended, into numpy buffers the caller made: no Python object per table or per step.
// Chance is resolved inside: a deal is a Fisher-Yates shuffle of the deck with the table's
// generator (shuffled_deck, as the core's playouts deal), and a finished match is replaced by a
// new one at once (the tensor written is then the new match's first). The action is checked
// against the legal actions the core kept for the table: an illegal one is refused with a
// ValueError naming the table, and no table moves. tavolo.rl.vector wraps it.

PyTypeObject *CORE_TYPE = nullptr;  // _core.Core, set by PyInit__core

struct VecObject {
    PyObject_HEAD
    int n;          // tables
    int margin;     // rewards: 0 the points credited, 1 those less the opponents' mean
    Options o;
    Core *tables;
    Rng *rngs;
    uint16_t *legal;   // n * MAX_LEGAL: each table's legal actions, in the engine's order
    int32_t *n_legal;  // n
    uint8_t *orders;   // n * MAX_CARDS: each table's last deck order, bottom card first
    void *mask_buf;    // the mask buffer the last call left exact (step then writes only changes)
};

void Vec_free_tables(VecObject *self) {
    if (self->tables)
        for (int i = 0; i < self->n; ++i) free_core(self->tables[i]);
    free(self->tables), free(self->rngs), free(self->legal), free(self->n_legal), free(self->orders);
    self->tables = nullptr, self->rngs = nullptr, self->legal = nullptr, self->n_legal = nullptr;
    self->orders = nullptr;
}

PyObject *Vec_new(PyTypeObject *type, PyObject *args, PyObject *) {
    PyObject *proto;
    int n, margin;
    if (!PyArg_ParseTuple(args, "Oip", &proto, &n, &margin)) return nullptr;
    if (!CORE_TYPE || !PyObject_TypeCheck(proto, CORE_TYPE)) {
        PyErr_SetString(PyExc_TypeError, "Vec(prototype, tables, margin): the prototype is a _core.Core");
        return nullptr;
    }
    if (n < 1 || n > (1 << 20)) {
        PyErr_Format(PyExc_ValueError, "tables: 1 to %d, not %d", 1 << 20, n);
        return nullptr;
    }
    VecObject *self = (VecObject *)type->tp_alloc(type, 0);
    if (!self) return nullptr;
    self->n = n, self->margin = margin;
    self->o = ((StateObject *)proto)->c.o;
    self->tables = (Core *)calloc(n, sizeof(Core));
    self->rngs = (Rng *)calloc(n, sizeof(Rng));
    self->legal = (uint16_t *)calloc((size_t)n * MAX_LEGAL, sizeof(uint16_t));
    self->n_legal = (int32_t *)calloc(n, sizeof(int32_t));
    self->orders = (uint8_t *)calloc((size_t)n * MAX_CARDS, 1);
    if (!self->tables || !self->rngs || !self->legal || !self->n_legal || !self->orders) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < n; ++i) init_core(self->tables[i], self->o);
    return (PyObject *)self;
}

void Vec_dealloc(VecObject *self) {
    Vec_free_tables(self);
    PyTypeObject *type = Py_TYPE(self);
    type->tp_free((PyObject *)self);
    Py_DECREF(type);
}

// --- the caller's buffers --------------------------------------------------------------------

enum BufKind { B_F32, B_I8, B_I16, B_I32, B_ACTIONS, B_SEEDS };

const char *buf_dtype(BufKind kind) {
    switch (kind) {
        case B_F32: return "float32";
        case B_I8: return "int8 (or uint8, bool)";
        case B_I16: return "int16";
        case B_I32: return "int32";
        case B_ACTIONS: return "int32 or int64";
        default: return "uint64 or int64";
    }
}

bool buf_format_ok(BufKind kind, const char *f, Py_ssize_t itemsize) {
    if (*f == '<' || *f == '=' || *f == '@') ++f;  // native little-endian only: '>' and '!' refused
    if (!f[0] || f[1]) return false;
    char c = f[0];
    switch (kind) {
        case B_F32: return itemsize == 4 && c == 'f';
        case B_I8: return itemsize == 1 && (c == 'b' || c == 'B' || c == '?');
        case B_I16: return itemsize == 2 && c == 'h';
        case B_I32: return itemsize == 4 && (c == 'i' || c == 'l');
        case B_ACTIONS: return (itemsize == 4 && (c == 'i' || c == 'l')) || (itemsize == 8 && (c == 'l' || c == 'q'));
        default: return itemsize == 8 && (c == 'L' || c == 'Q' || c == 'l' || c == 'q');
    }
}

// A C-contiguous buffer of rows * cols items of `kind`, writable unless `readonly`; else a
// ValueError naming the buffer, its dtype and its shape.
bool vec_buffer(PyObject *obj, Py_buffer *view, BufKind kind, Py_ssize_t rows, Py_ssize_t cols, const char *name,
                bool readonly = false) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (readonly ? 0 : PyBUF_WRITABLE);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: a %sC-contiguous %s numpy array of shape (%zd, %zd) is needed, not %.80s",
                     name, readonly ? "" : "writable ", buf_dtype(kind), rows, cols, Py_TYPE(obj)->tp_name);
        return false;
    }
    const char *format = view->format ? view->format : "B";
    if (!buf_format_ok(kind, format, view->itemsize) || view->len != view->itemsize * rows * cols) {
        PyErr_Format(PyExc_ValueError, "%s: a %s array of shape (%zd, %zd) is needed, not format '%s' of %zd bytes",
                     name, buf_dtype(kind), rows, cols, format, view->len);
        PyBuffer_Release(view);
        return false;
    }
    return true;
}

// The buffers a reset or a step writes: obs, mask (or None), legal ids, legal counts, players.
struct VecOut {
    Py_buffer obs, mask, legal, counts, players;
    bool has_mask;
    int got;  // how many of them are held (released in this order)
};

void release_out(VecOut &out) {
    Py_buffer *views[5] = {&out.obs, &out.legal, &out.counts, &out.players, &out.mask};
    for (int k = 0; k < out.got; ++k)
        if (k < 4 || out.has_mask) PyBuffer_Release(views[k]);
    out.got = 0;
}

bool get_out(VecObject *self, PyObject *const *args, VecOut &out) {
    Py_ssize_t n = self->n;
    out.got = 0;
    out.has_mask = args[1] != Py_None;
    if (!vec_buffer(args[0], &out.obs, B_F32, n, LAYOUTS[self->o.n].size, "observations")) return false;
    out.got = 1;
    if (!vec_buffer(args[2], &out.legal, B_I16, n, MAX_LEGAL, "legal actions")) return release_out(out), false;
    out.got = 2;
    if (!vec_buffer(args[3], &out.counts, B_I32, n, 1, "legal counts")) return release_out(out), false;
    out.got = 3;
    if (!vec_buffer(args[4], &out.players, B_I32, n, 1, "players")) return release_out(out), false;
    out.got = 4;
    if (out.has_mask && !vec_buffer(args[1], &out.mask, B_I8, n, NUM_ACTIONS, "action mask"))
        return release_out(out), false;
    out.got = 5;
    return true;
}

// --- one table -------------------------------------------------------------------------------

inline void vec_deal(VecObject *self, int i) {
    uint8_t *order = self->orders + (size_t)i * MAX_CARDS;
    shuffled_deck(self->o, self->rngs[i], order);
    deal(self->tables[i], order, deck_size(self->o));
}

inline void vec_new_match(VecObject *self, int i) {
    free_core(self->tables[i]);
    init_core(self->tables[i], self->o);
    vec_deal(self, i);
}

// The table's seat to act, legal actions and tensor into row i of the caller's buffers; the
// mask's row cleared first where `whole` (else its old legal actions were cleared by the caller).
void vec_write(VecObject *self, int i, VecOut &out, bool whole) {
    const Core &c = self->tables[i];
    uint16_t *legal = self->legal + (size_t)i * MAX_LEGAL;
    int n = self->n_legal[i] = legal_actions(c, legal);
    ((int32_t *)out.players.buf)[i] = c.turn;
    ((int32_t *)out.counts.buf)[i] = n;
    int16_t *ids = (int16_t *)out.legal.buf + (size_t)i * MAX_LEGAL;
    for (int k = 0; k < n; ++k) ids[k] = (int16_t)legal[k];
    encode_tensor(c, c.turn, (float *)out.obs.buf + (size_t)i * LAYOUTS[self->o.n].size);
    if (!out.has_mask) return;
    int8_t *mask = (int8_t *)out.mask.buf + (size_t)i * NUM_ACTIONS;
    if (whole) memset(mask, 0, NUM_ACTIONS);
    for (int k = 0; k < n; ++k) mask[legal[k]] = 1;
}

// The rewards of the hand table i just ended into its row (points / 1000, or less the mean of
// the opponents' points: BurracoEnv's "points" and "margin").
void vec_reward(VecObject *self, int i, float *row) {
    const Core &c = self->tables[i];
    const HandResult &r = c.results[c.results_len - 1];
    int n = c.o.n;
    for (int seat = 0; seat < n; ++seat) {
        double points = r.credited[seat];
        if (self->margin) {
            double against = 0;
            int count = 0;
            for (int other = 0; other < n; ++other)
                if (c.side_of[other] != c.side_of[seat]) against += r.credited[other], ++count;
            if (count) points -= against / count;
        }
        row[seat] = (float)(points / 1000.0);
    }
}

// --- reset(seeds, obs, mask, legal, counts, players) -----------------------------------------

PyObject *Vec_reset(VecObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "reset(seeds, observations, mask or None, legal, counts, players)");
        return nullptr;
    }
    Py_buffer seeds;
    if (!vec_buffer(args[0], &seeds, B_SEEDS, self->n, 1, "seeds", true)) return nullptr;
    VecOut out;
    if (!get_out(self, args + 1, out)) {
        PyBuffer_Release(&seeds);
        return nullptr;
    }
    const uint64_t *s = (const uint64_t *)seeds.buf;
    for (int i = 0; i < self->n; ++i) {
        self->rngs[i].x = s[i];
        vec_new_match(self, i);
        vec_write(self, i, out, true);
    }
    self->mask_buf = out.has_mask ? out.mask.buf : nullptr;
    PyBuffer_Release(&seeds);
    release_out(out);
    Py_RETURN_NONE;
}

// --- step(actions, obs, mask, legal, counts, players, rewards, dones) --------------------------

// Whether every table's action is one of its legal actions; else a ValueError naming the first
// table that is not.
template <typename T>
bool vec_check(VecObject *self, const T *actions) {
    for (int i = 0; i < self->n; ++i) {
        long long a = (long long)actions[i];
        const uint16_t *legal = self->legal + (size_t)i * MAX_LEGAL;
        int n = self->n_legal[i];
        bool ok = false;
        if (a >= 0 && a < NUM_ACTIONS)
            for (int k = 0; k < n && !ok; ++k) ok = legal[k] == a;
        if (!ok) {
            PyErr_Format(PyExc_ValueError,
                         "actions[%d] = %lld is not a legal action at table %d (seat %d to act, %d legal actions): "
                         "no table was moved",
                         i, a, i, (int)self->tables[i].turn, n);
            return false;
        }
    }
    return true;
}

template <typename T>
void vec_play(VecObject *self, const T *actions, VecOut &out, float *rewards, int8_t *dones) {
    bool whole = !out.has_mask || out.mask.buf != self->mask_buf;
    int players = self->o.n;
    memset(rewards, 0, sizeof(float) * (size_t)self->n * players);
    for (int i = 0; i < self->n; ++i) {
        Core &c = self->tables[i];
        if (!whole) {  // the mask's row was exact: clear only the actions it held
            int8_t *mask = (int8_t *)out.mask.buf + (size_t)i * NUM_ACTIONS;
            const uint16_t *legal = self->legal + (size_t)i * MAX_LEGAL;
            for (int k = 0; k < self->n_legal[i]; ++k) mask[legal[k]] = 0;
        }
        uint32_t hands = c.results_len;
        play_action(c, (int)actions[i]);
        dones[i] = 0;
        if (c.results_len > hands) {
            vec_reward(self, i, rewards + (size_t)i * players);
            if (c.phase == DEAL) vec_deal(self, i);
            else if (c.phase == OVER) dones[i] = 1, vec_new_match(self, i);
        }
        vec_write(self, i, out, whole);
    }
    self->mask_buf = out.has_mask ? out.mask.buf : nullptr;
}

PyObject *Vec_step(VecObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError,
                        "step(actions, observations, mask or None, legal, counts, players, rewards, dones)");
        return nullptr;
    }
    if (self->tables[0].phase == DEAL) {
        PyErr_SetString(PyExc_ValueError, "step before reset: call reset(seeds, ...) first");
        return nullptr;
    }
    Py_buffer actions, rewards, dones;
    if (!vec_buffer(args[0], &actions, B_ACTIONS, self->n, 1, "actions", true)) return nullptr;
    VecOut out;
    if (!get_out(self, args + 1, out)) {
        PyBuffer_Release(&actions);
        return nullptr;
    }
    bool ok = vec_buffer(args[6], &rewards, B_F32, self->n, self->o.n, "rewards");
    if (ok && !vec_buffer(args[7], &dones, B_I8, self->n, 1, "dones")) {
        PyBuffer_Release(&rewards);
        ok = false;
    }
    if (ok) {
        bool wide = actions.itemsize == 8;
        ok = wide ? vec_check(self, (const int64_t *)actions.buf) : vec_check(self, (const int32_t *)actions.buf);
        if (ok) {
            if (wide) vec_play(self, (const int64_t *)actions.buf, out, (float *)rewards.buf, (int8_t *)dones.buf);
            else vec_play(self, (const int32_t *)actions.buf, out, (float *)rewards.buf, (int8_t *)dones.buf);
        }
        PyBuffer_Release(&rewards);
        PyBuffer_Release(&dones);
    }
    PyBuffer_Release(&actions);
    release_out(out);
    if (!ok) return nullptr;
    Py_RETURN_NONE;
}

// --- for tests and inspection ----------------------------------------------------------------

bool vec_table(VecObject *self, PyObject *arg, int *i) {
    long k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred()) return false;
    if (k < 0 || k >= self->n) {
        PyErr_Format(PyExc_ValueError, "table %ld: 0 to %d", k, self->n - 1);
        return false;
    }
    *i = (int)k;
    return true;
}

PyObject *Vec_deck_order(VecObject *self, PyObject *arg) {
    int i;
    if (!vec_table(self, arg, &i)) return nullptr;
    if (self->tables[i].phase == DEAL) {
        PyErr_Format(PyExc_ValueError, "table %d: not dealt yet (reset first)", i);
        return nullptr;
    }
    return PyBytes_FromStringAndSize((const char *)self->orders + (size_t)i * MAX_CARDS, deck_size(self->o));
}

PyObject *Vec_hands_played(VecObject *self, PyObject *arg) {
    int i;
    if (!vec_table(self, arg, &i)) return nullptr;
    return PyLong_FromLong(self->tables[i].results_len);
}

PyObject *Vec_get_tables(VecObject *self, void *) { return PyLong_FromLong(self->n); }
PyObject *Vec_get_players(VecObject *self, void *) { return PyLong_FromLong(self->o.n); }
PyObject *Vec_get_obs_size(VecObject *self, void *) { return PyLong_FromLong(LAYOUTS[self->o.n].size); }

PyMethodDef Vec_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))Vec_reset, METH_FASTCALL,
     "reset(seeds, observations, mask or None, legal, counts, players): a new match at every table, seeded."},
    {"step", (PyCFunction)(void (*)(void))Vec_step, METH_FASTCALL,
     "step(actions, observations, mask or None, legal, counts, players, rewards, dones): one action a table."},
    {"deck_order", (PyCFunction)Vec_deck_order, METH_O, "The deck order of the table's last deal (bottom first)."},
    {"hands_played", (PyCFunction)Vec_hands_played, METH_O, "Hands ended in the table's current match."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef Vec_getset[] = {
    {"tables", (getter)Vec_get_tables, nullptr, "the number of tables", nullptr},
    {"players", (getter)Vec_get_players, nullptr, "players at each table", nullptr},
    {"obs_size", (getter)Vec_get_obs_size, nullptr, "floats in one observation tensor", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyType_Slot Vec_slots[] = {
    {Py_tp_doc, (void *)"N Burraco tables stepped in the core (tavolo.rl.vector)."},
    {Py_tp_new, (void *)Vec_new},
    {Py_tp_dealloc, (void *)Vec_dealloc},
    {Py_tp_methods, Vec_methods},
    {Py_tp_getset, Vec_getset},
    {0, nullptr},
};

PyType_Spec Vec_spec = {"tavolo.games.burraco._core.Vec", sizeof(VecObject), 0, Py_TPFLAGS_DEFAULT, Vec_slots};
