/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_POOL_H
#define SECLINT_POOL_H

#include <stdatomic.h>
#include <glib.h>

/*
 * A few reusable objects shared by all threads, without locks
 * (lint/util/pool.c): sl_pool_take() empties a slot by atomic exchange,
 * NULL when all are empty (then make one); sl_pool_put() fills an empty
 * slot, FALSE when all are full (then free it).  A static pool is
 * zero-initialised: `static struct sl_pool pool;`.
 */
#define SL_POOL_SLOTS 8

struct sl_pool {
	_Atomic(gpointer) slots[SL_POOL_SLOTS];
};

gpointer sl_pool_take(struct sl_pool *pool);
gboolean sl_pool_put(struct sl_pool *pool, gpointer object);

#endif
