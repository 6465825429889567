// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reusable scratch objects (PCRE2 match data, GMime parsers) handed from
 * one use to the next, by whichever thread asks, instead of one set per
 * thread: a slot holds an object or NULL, and a thread owns what it took
 * out until it puts it back.  The exchange is the hand-over (acquire and
 * release), so what one thread left in an object is seen whole by the
 * next.  With -j 2 at most a few objects are out at once; the slots are
 * scanned from the start, so the same few stay in use (and warm).
 */
#include "pool.h"

gpointer sl_pool_take(struct sl_pool *pool)
{
	for (int i = 0; i < SL_POOL_SLOTS; i++) {
		gpointer object;

		if (!atomic_load_explicit(&pool->slots[i],
					  memory_order_relaxed))
			continue;
		object = atomic_exchange_explicit(&pool->slots[i], NULL,
						  memory_order_acquire);
		if (object)
			return object;
	}
	return NULL;
}

gboolean sl_pool_put(struct sl_pool *pool, gpointer object)
{
	for (int i = 0; i < SL_POOL_SLOTS; i++) {
		gpointer empty = NULL;

		if (atomic_load_explicit(&pool->slots[i],
					 memory_order_relaxed))
			continue;
		if (atomic_compare_exchange_strong_explicit(
			    &pool->slots[i], &empty, object,
			    memory_order_release, memory_order_relaxed))
			return TRUE;
	}
	return FALSE;
}
