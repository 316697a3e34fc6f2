// SPDX-License-Identifier: GPL-2.0
/*
 * keyedhash._keyedhash: the Python binding of libkeyedhash
 * (libkeyedhash/include/keyedhash.h), linked statically from the same build of
 * the module's lib/ and arch/ sources (python/setup.py runs "make lib").
 * Python's hashlib is the model: new() returns an object with update(),
 * digest(), hexdigest(), copy(), name, digest_size and block_size.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <string.h>

#include <keyedhash.h>

/* update() releases the GIL from this many bytes on (as hashlib does). */
#define KH_GIL_MINSIZE	2048

/* A key, shared by a hasher and its copies (immutable once made). */
typedef struct {
	keyedhash_key *key;
	Py_ssize_t refs;
} kh_sharedkey;

typedef struct {
	PyObject_HEAD
	kh_sharedkey *sk;
	keyedhash_state *st;
	PyThread_type_lock lock;
	int failed;		/* the algorithm refused the message */
} Hasher;

static PyTypeObject Hasher_Type;

static void kh_sharedkey_put(kh_sharedkey *sk)
{
	if (sk && --sk->refs == 0) {
		keyedhash_key_free(sk->key);
		PyMem_Free(sk);
	}
}

/* Take the object's lock; wait for it without the GIL if another thread has it. */
static void kh_lock(Hasher *h)
{
	if (!PyThread_acquire_lock(h->lock, 0)) {
		Py_BEGIN_ALLOW_THREADS
		PyThread_acquire_lock(h->lock, 1);
		Py_END_ALLOW_THREADS
	}
}

static PyObject *kh_error(int err, const char *name, Py_ssize_t keylen)
{
	const char *rule;

	switch (err) {
	case KEYEDHASH_ENOMEM:
		return PyErr_NoMemory();
	case KEYEDHASH_EALG:
		return PyErr_Format(PyExc_ValueError, "unsupported hash type %s", name);
	case KEYEDHASH_EKEY:
		rule = keyedhash_key_rule(name);
		return PyErr_Format(PyExc_ValueError,
				    "invalid %zd-byte key for %s: its keys are %s",
				    keylen, name, rule ? rule : "?");
	case KEYEDHASH_ENOTSUP:
		return PyErr_Format(PyExc_ValueError,
				    "driver %s needs an instruction set this CPU lacks", name);
	case KEYEDHASH_EMSG:
		return PyErr_Format(PyExc_ValueError,
				    "%s refuses this message length%s", name,
				    !strcmp(name, "multimixer128") ?
				    ": messages are a non-empty multiple of 32 bytes, no longer than the key" : "");
	default:
		return PyErr_Format(PyExc_ValueError, "%s: %s", name, keyedhash_strerror(err));
	}
}

static Hasher *kh_hasher_alloc(kh_sharedkey *sk)
{
	Hasher *h = PyObject_New(Hasher, &Hasher_Type);
	int err;

	if (!h)
		return NULL;
	h->sk = NULL;
	h->st = NULL;
	h->failed = 0;
	h->lock = PyThread_allocate_lock();
	if (!h->lock) {
		Py_DECREF(h);
		PyErr_NoMemory();
		return NULL;
	}
	err = keyedhash_state_new(&h->st, sk->key);
	if (err) {
		Py_DECREF(h);
		kh_error(err, keyedhash_key_algorithm(sk->key), 0);
		return NULL;
	}
	h->sk = sk;
	sk->refs++;
	return h;
}

static void Hasher_dealloc(Hasher *h)
{
	keyedhash_state_free(h->st);
	kh_sharedkey_put(h->sk);
	if (h->lock)
		PyThread_free_lock(h->lock);
	PyObject_Free(h);
}

/* Absorb @buf; the GIL is released for large buffers. */
static int kh_update(Hasher *h, Py_buffer *buf)
{
	int err;

	if (buf->len >= KH_GIL_MINSIZE) {
		Py_BEGIN_ALLOW_THREADS
		PyThread_acquire_lock(h->lock, 1);
		err = keyedhash_update(h->st, buf->buf, buf->len);
		PyThread_release_lock(h->lock);
		Py_END_ALLOW_THREADS
	} else {
		kh_lock(h);
		err = keyedhash_update(h->st, buf->buf, buf->len);
		PyThread_release_lock(h->lock);
	}
	if (err) {
		h->failed = 1;
		kh_error(err, keyedhash_key_algorithm(h->sk->key), 0);
		return -1;
	}
	return 0;
}

static int kh_get_buffer(PyObject *obj, Py_buffer *buf)
{
	if (PyUnicode_Check(obj)) {
		PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
		return -1;
	}
	return PyObject_GetBuffer(obj, buf, PyBUF_SIMPLE);
}

PyDoc_STRVAR(update_doc,
"update(data)\n--\n\n"
"Add the bytes-like object data to the message (any split of a message\n"
"gives the same digest).  Raises ValueError where the algorithm refuses\n"
"the message (multimixer128: longer than its key).");

static PyObject *Hasher_update(Hasher *h, PyObject *arg)
{
	Py_buffer buf;
	int r;

	if (h->failed)
		return kh_error(KEYEDHASH_EMSG, keyedhash_key_algorithm(h->sk->key), 0);
	if (kh_get_buffer(arg, &buf))
		return NULL;
	r = kh_update(h, &buf);
	PyBuffer_Release(&buf);
	if (r)
		return NULL;
	Py_RETURN_NONE;
}

/* The digest of the message so far, which goes on. */
static int kh_digest(Hasher *h, unsigned char *out, size_t *len)
{
	keyedhash_state *c = NULL;
	int err;

	if (h->failed) {
		kh_error(KEYEDHASH_EMSG, keyedhash_key_algorithm(h->sk->key), 0);
		return -1;
	}
	kh_lock(h);
	err = keyedhash_state_dup(&c, h->st);
	PyThread_release_lock(h->lock);
	if (!err)
		err = keyedhash_final(c, out, KEYEDHASH_MAX_DIGEST);
	keyedhash_state_free(c);
	if (err) {
		kh_error(err, keyedhash_key_algorithm(h->sk->key), 0);
		return -1;
	}
	*len = keyedhash_key_digest_size(h->sk->key);
	return 0;
}

PyDoc_STRVAR(digest_doc,
"digest()\n--\n\nThe digest of the data passed to update() so far, as bytes.");

static PyObject *Hasher_digest(Hasher *h, PyObject *unused)
{
	unsigned char out[KEYEDHASH_MAX_DIGEST];
	PyObject *r;
	size_t len;

	if (kh_digest(h, out, &len))
		return NULL;
	r = PyBytes_FromStringAndSize((const char *)out, len);
	memset(out, 0, sizeof(out));
	return r;
}

PyDoc_STRVAR(hexdigest_doc,
"hexdigest()\n--\n\nThe digest as a string of lowercase hexadecimal digits.");

static PyObject *Hasher_hexdigest(Hasher *h, PyObject *unused)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char out[KEYEDHASH_MAX_DIGEST];
	char s[2 * KEYEDHASH_MAX_DIGEST];
	size_t len, i;

	if (kh_digest(h, out, &len))
		return NULL;
	for (i = 0; i < len; i++) {
		s[2 * i] = hex[out[i] >> 4];
		s[2 * i + 1] = hex[out[i] & 15];
	}
	memset(out, 0, sizeof(out));
	return PyUnicode_FromStringAndSize(s, 2 * len);
}

/*
 * keyedhash_verify() of two buffers: 1 equal, 0 not (or of other lengths,
 * which are public), -1 with an exception set.
 */
static int kh_compare(PyObject *a, PyObject *b)
{
	Py_buffer x, y;
	int r;

	if (PyUnicode_Check(a) || PyUnicode_Check(b)) {
		PyErr_SetString(PyExc_TypeError, "digests are compared as bytes-like objects, not str");
		return -1;
	}
	if (kh_get_buffer(a, &x))
		return -1;
	if (kh_get_buffer(b, &y)) {
		PyBuffer_Release(&x);
		return -1;
	}
	r = x.len == y.len && !keyedhash_verify(x.buf, y.buf, x.len);
	PyBuffer_Release(&y);
	PyBuffer_Release(&x);
	return r;
}

PyDoc_STRVAR(verify_doc,
"verify(tag)\n--\n\n"
"True if the bytes-like object tag is the digest of the data so far,\n"
"compared in constant time (libkeyedhash's keyedhash_verify()): the time\n"
"taken does not tell where a forged tag first differs.  A tag of another\n"
"length than digest_size is False.  The message stays open, as with\n"
"digest().");

static PyObject *Hasher_verify(Hasher *h, PyObject *tag)
{
	unsigned char out[KEYEDHASH_MAX_DIGEST];
	PyObject *d;
	size_t len;
	int r;

	if (PyUnicode_Check(tag)) {
		PyErr_SetString(PyExc_TypeError, "verify() takes the tag as bytes (bytes.fromhex() for a hex tag)");
		return NULL;
	}
	if (kh_digest(h, out, &len))
		return NULL;
	d = PyBytes_FromStringAndSize((const char *)out, len);
	memset(out, 0, sizeof(out));
	if (!d)
		return NULL;
	r = kh_compare(d, tag);
	Py_DECREF(d);
	if (r < 0)
		return NULL;
	return PyBool_FromLong(r);
}

PyDoc_STRVAR(copy_doc,
"copy()\n--\n\nA copy of this hash object: the same key and the message so far.");

static PyObject *Hasher_copy(Hasher *h, PyObject *unused)
{
	Hasher *c = kh_hasher_alloc(h->sk);

	if (!c)
		return NULL;
	kh_lock(h);
	keyedhash_state_copy(c->st, h->st);
	PyThread_release_lock(h->lock);
	c->failed = h->failed;
	return (PyObject *)c;
}

static PyObject *Hasher_get_name(Hasher *h, void *closure)
{
	return PyUnicode_FromString(keyedhash_key_algorithm(h->sk->key));
}

static PyObject *Hasher_get_driver(Hasher *h, void *closure)
{
	return PyUnicode_FromString(keyedhash_key_driver(h->sk->key));
}

static PyObject *Hasher_get_digest_size(Hasher *h, void *closure)
{
	return PyLong_FromSize_t(keyedhash_key_digest_size(h->sk->key));
}

static PyObject *Hasher_get_block_size(Hasher *h, void *closure)
{
	return PyLong_FromSize_t(keyedhash_block_size(keyedhash_key_driver(h->sk->key)));
}

static PyMethodDef Hasher_methods[] = {
	{ "update", (PyCFunction)Hasher_update, METH_O, update_doc },
	{ "digest", (PyCFunction)Hasher_digest, METH_NOARGS, digest_doc },
	{ "hexdigest", (PyCFunction)Hasher_hexdigest, METH_NOARGS, hexdigest_doc },
	{ "copy", (PyCFunction)Hasher_copy, METH_NOARGS, copy_doc },
	{ "verify", (PyCFunction)Hasher_verify, METH_O, verify_doc },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef Hasher_getset[] = {
	{ "name", (getter)Hasher_get_name, NULL, "The algorithm name, e.g. 'highwayhash256'.", NULL },
	{ "driver", (getter)Hasher_get_driver, NULL, "The driver computing, e.g. 'highwayhash256-avx2'.", NULL },
	{ "digest_size", (getter)Hasher_get_digest_size, NULL, "The digest size in bytes.", NULL },
	{ "block_size", (getter)Hasher_get_block_size, NULL,
	  "The algorithm's block size in bytes, as the kernel module registers it (0 for nhpoly1305).", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

PyDoc_STRVAR(Hasher_doc,
"A keyed hash object of libkeyedhash; made by keyedhash.new().");

static PyTypeObject Hasher_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "keyedhash.Hasher",
	.tp_basicsize = sizeof(Hasher),
	.tp_dealloc = (destructor)Hasher_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = Hasher_doc,
	.tp_methods = Hasher_methods,
	.tp_getset = Hasher_getset,
};

PyDoc_STRVAR(new_doc,
"new(name, key, data=b'')\n--\n\n"
"A new hash object for algorithm (or driver) name under key, fed data.\n"
"Raises ValueError with the reason for an unknown name, a key the\n"
"algorithm refuses, or a message it refuses.");

static PyObject *kh_new(PyObject *self, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = { "name", "key", "data", NULL };
	PyObject *data = NULL;
	const char *name;
	Py_buffer key, buf;
	kh_sharedkey *sk;
	Hasher *h;
	int err;

	if (!PyArg_ParseTupleAndKeywords(args, kwds, "sy*|O:new", kwlist,
					 &name, &key, &data))
		return NULL;
	sk = PyMem_Calloc(1, sizeof(*sk));
	if (!sk) {
		PyBuffer_Release(&key);
		return PyErr_NoMemory();
	}
	err = keyedhash_key_new(&sk->key, name, key.buf, key.len);
	if (err) {
		kh_error(err, name, key.len);
		PyBuffer_Release(&key);
		PyMem_Free(sk);
		return NULL;
	}
	PyBuffer_Release(&key);
	h = kh_hasher_alloc(sk);
	if (!h) {
		sk->refs = 1;
		kh_sharedkey_put(sk);
		return NULL;
	}
	if (data && data != Py_None) {
		if (kh_get_buffer(data, &buf)) {
			Py_DECREF(h);
			return NULL;
		}
		err = kh_update(h, &buf);
		PyBuffer_Release(&buf);
		if (err) {
			Py_DECREF(h);
			return NULL;
		}
	}
	return (PyObject *)h;
}

PyDoc_STRVAR(drivers_doc,
"drivers()\n--\n\nThe driver names this CPU runs, e.g. 'highwayhash256-avx2'.");

static PyObject *kh_drivers(PyObject *self, PyObject *unused)
{
	PyObject *l = PyList_New(0), *s;
	const char *d;
	unsigned int i;

	for (i = 0; l && (d = keyedhash_driver_name(i)); i++) {
		if (!keyedhash_driver_usable(d))
			continue;
		s = PyUnicode_FromString(d);
		if (!s || PyList_Append(l, s)) {
			Py_XDECREF(s);
			Py_CLEAR(l);
		}
		Py_XDECREF(s);
	}
	return l;
}

PyDoc_STRVAR(compare_digest_doc,
"compare_digest(a, b)\n--\n\n"
"True if the bytes-like objects a and b are equal, compared in constant\n"
"time by libkeyedhash's keyedhash_verify(), as hmac.compare_digest():\n"
"check a received tag with it, never with ==.  Their lengths are not\n"
"secret (different lengths: False at once).");

static PyObject *kh_compare_digest(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
	int r;

	if (nargs != 2) {
		PyErr_Format(PyExc_TypeError, "compare_digest() takes 2 arguments (%zd given)", nargs);
		return NULL;
	}
	r = kh_compare(args[0], args[1]);
	if (r < 0)
		return NULL;
	return PyBool_FromLong(r);
}

PyDoc_STRVAR(digest_many_doc,
"digest_many(name, key, messages)\n--\n\n"
"The digests of every message of the sequence messages (bytes-like\n"
"objects) under key with algorithm (or driver) name, as a list of bytes:\n"
"each the digest new(name, key, message).digest() gives, computed in one\n"
"call of libkeyedhash's keyedhash_digest_many() (HighwayHash with AVX2:\n"
"two messages' chains at once).  The GIL is released from 2 KiB in all.\n"
"Raises ValueError as new() does, or for a message the algorithm refuses.");

static PyObject *kh_digest_many(PyObject *self, PyObject *args)
{
	PyObject *msgs, *seq = NULL, *list = NULL, *d;
	Py_buffer key, *bufs = NULL;
	const void **ptrs = NULL;
	unsigned char *out = NULL;
	keyedhash_key *k = NULL;
	Py_ssize_t n = 0, got = 0, i;
	size_t *lens = NULL, ds, total = 0;
	const char *name;
	int err;

	if (!PyArg_ParseTuple(args, "sy*O:digest_many", &name, &key, &msgs))
		return NULL;
	err = keyedhash_key_new(&k, name, key.buf, key.len);
	if (err) {
		kh_error(err, name, key.len);
		PyBuffer_Release(&key);
		return NULL;
	}
	PyBuffer_Release(&key);
	seq = PySequence_Fast(msgs, "digest_many() takes a sequence of bytes-like objects");
	if (!seq)
		goto out;
	n = PySequence_Fast_GET_SIZE(seq);
	ds = keyedhash_key_digest_size(k);
	bufs = PyMem_Calloc(n ? n : 1, sizeof(*bufs));
	ptrs = PyMem_Calloc(n ? n : 1, sizeof(*ptrs));
	lens = PyMem_Calloc(n ? n : 1, sizeof(*lens));
	out = PyMem_Calloc(n ? n : 1, ds);
	if (!bufs || !ptrs || !lens || !out) {
		PyErr_NoMemory();
		goto out;
	}
	for (got = 0; got < n; got++) {
		if (kh_get_buffer(PySequence_Fast_GET_ITEM(seq, got), &bufs[got]))
			goto out;
		ptrs[got] = bufs[got].buf;
		lens[got] = bufs[got].len;
		total += bufs[got].len;
	}
	if (total >= KH_GIL_MINSIZE) {
		Py_BEGIN_ALLOW_THREADS
		err = keyedhash_digest_many(k, n, ptrs, lens, out, n * ds);
		Py_END_ALLOW_THREADS
	} else {
		err = keyedhash_digest_many(k, n, ptrs, lens, out, n * ds);
	}
	if (err) {
		kh_error(err, keyedhash_key_algorithm(k), 0);
		goto out;
	}
	list = PyList_New(n);
	for (i = 0; list && i < n; i++) {
		d = PyBytes_FromStringAndSize((const char *)out + i * ds, ds);
		if (!d) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, i, d);
	}
out:
	for (i = 0; i < got; i++)
		PyBuffer_Release(&bufs[i]);
	if (out)
		memset(out, 0, n * ds);
	PyMem_Free(out);
	PyMem_Free(lens);
	PyMem_Free(ptrs);
	PyMem_Free(bufs);
	Py_XDECREF(seq);
	keyedhash_key_free(k);
	return list;
}

PyDoc_STRVAR(force_generic_doc,
"force_generic(on)\n--\n\n"
"With a true value, hash objects made from now on by algorithm name use\n"
"the generic C driver instead of the SIMD ones (as the environment\n"
"variable KEYEDHASH_FORCE_GENERIC=1 does).");

static PyObject *kh_force_generic(PyObject *self, PyObject *arg)
{
	int on = PyObject_IsTrue(arg);

	if (on < 0)
		return NULL;
	keyedhash_force_generic(on);
	Py_RETURN_NONE;
}

static PyMethodDef kh_methods[] = {
	{ "new", (PyCFunction)(void (*)(void))kh_new, METH_VARARGS | METH_KEYWORDS, new_doc },
	{ "drivers", (PyCFunction)kh_drivers, METH_NOARGS, drivers_doc },
	{ "digest_many", (PyCFunction)kh_digest_many, METH_VARARGS, digest_many_doc },
	{ "force_generic", (PyCFunction)kh_force_generic, METH_O, force_generic_doc },
	{ "compare_digest", (PyCFunction)(void (*)(void))kh_compare_digest, METH_FASTCALL,
	  compare_digest_doc },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef kh_module = {
	PyModuleDef_HEAD_INIT,
	.m_name = "keyedhash._keyedhash",
	.m_doc = "libkeyedhash, the keyedhash kernel module's keyed hashes in userspace.",
	.m_size = -1,
	.m_methods = kh_methods,
};

PyMODINIT_FUNC PyInit__keyedhash(void)
{
	PyObject *m, *algs, *s;
	const char *a;
	unsigned int i;

	if (PyType_Ready(&Hasher_Type) < 0)
		return NULL;
	m = PyModule_Create(&kh_module);
	if (!m)
		return NULL;
	algs = PyTuple_New(0);
	for (i = 0; algs && (a = keyedhash_algorithm(i)); i++) {
		s = PyUnicode_FromString(a);
		if (!s || _PyTuple_Resize(&algs, i + 1)) {
			Py_XDECREF(s);
			Py_CLEAR(algs);
			break;
		}
		PyTuple_SET_ITEM(algs, i, s);
	}
	Py_INCREF(&Hasher_Type);
	if (!algs || PyModule_AddObject(m, "algorithms", algs) ||
	    PyModule_AddObject(m, "Hasher", (PyObject *)&Hasher_Type) ||
	    PyModule_AddStringConstant(m, "library_version", keyedhash_version())) {
		Py_XDECREF(algs);
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
