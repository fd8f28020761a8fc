/* The core loop as a C extension written against CPython's own API (no binding library). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "loop.h"

static PyObject *matches(PyObject *self, PyObject *args) {
    unsigned long long seed;
    long count;
    if (!PyArg_ParseTuple(args, "Kl", &seed, &count)) return NULL;
    long counts[3] = {0, 0, 0};
    long tricks;
    Py_BEGIN_ALLOW_THREADS
    tricks = qm_matches(seed, count, counts);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("((lll)l)", counts[0], counts[1], counts[2], tricks);
}

typedef struct { PyObject_HEAD qm_rng rng; qm_round round; } Stepper;

static int stepper_init(Stepper *self, PyObject *args, PyObject *kwargs) {
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "K", &seed)) return -1;
    self->rng.state = seed;
    qm_deal(&self->round, &self->rng);
    return 0;
}

static PyObject *stepper_trick(Stepper *self, PyObject *unused) {
    if (self->round.tricks == 14) qm_deal(&self->round, &self->rng);
    return PyLong_FromLong(qm_trick(&self->round, &self->rng));
}

static PyMethodDef stepper_methods[] = {
    {"trick", (PyCFunction)stepper_trick, METH_NOARGS, "Play one random trick."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject StepperType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "qm_c.Stepper", .tp_basicsize = sizeof(Stepper), .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew, .tp_init = (initproc)stepper_init, .tp_methods = stepper_methods};

static PyMethodDef methods[] = {
    {"matches", matches, METH_VARARGS, "Counts and tricks of `count` matches from `seed`."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "qm_c", NULL, -1, methods};

PyMODINIT_FUNC PyInit_qm_c(void) {
    if (PyType_Ready(&StepperType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&StepperType);
    PyModule_AddObject(m, "Stepper", (PyObject *)&StepperType);
    return m;
}
