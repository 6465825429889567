// SPDX-License-Identifier: GPL-2.0-only
/*
 * The facts of a message: made empty, filled by the getters on first use
 * (see rules/lib/facts.h), cleared at the end of the lint pass.  Each
 * slot is freed by its own module's function: this file includes none
 * of them.
 */
#include "facts.h"

void sl_facts_clear(struct sl_facts *f)
{
	/* The last filled first: a fact may lean on one filled before it. */
	while (f->n_slots) {
		struct sl_facts_slot *s = &f->slots[--f->n_slots];

		if (s->destroy && s->data)
			s->destroy(s->data);
	}
}

struct sl_facts_slot *sl_facts_slot(struct sl_facts *f, gconstpointer key)
{
	struct sl_facts_slot *s;

	for (unsigned i = 0; i < f->n_slots; i++)
		if (f->slots[i].key == key)
			return &f->slots[i];
	g_assert(f->n_slots < SL_FACTS_SLOTS);
	s = &f->slots[f->n_slots++];
	*s = (struct sl_facts_slot){ .key = key };
	return s;
}

void sl_facts_fill(struct sl_facts_slot *s, gpointer data,
		   GDestroyNotify destroy)
{
	s->data = data;
	s->destroy = destroy;
	s->filled = TRUE;
}
