// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which replies are follow-ups (thread.h).  git send-email threads every
 * series: each message after the first names the first (or the one before
 * it) in In-Reply-To and References.  Read alone, each of them is a reply;
 * read as the run it is, none of them reaches a conversation outside the
 * run, and none is a follow-up.
 *
 * A message of the run reaches outside when it names an id the run does
 * not hold (other than its own), a message of the run from another sender
 * (a saved thread: that is a conversation, not a series), or one of the
 * run's messages that reaches outside.  That is worked out for all the
 * messages added since the last settle at once, from the ones that reach
 * outside directly back to their replies, so the order of the messages
 * and cycles in their headers change nothing.
 *
 * A run that is recorded for the next process (git send-email's
 * send-time record) holds a key per message, not its Message-ID: the
 * first 64 bits of the id's SHA-256.  So the record keeps no Message-ID.
 * Two ids with one key can only make a message look like a reply within
 * the run, never one outside it: stricter, never laxer.  A run that lives
 * in this process only (sl_thread_set_new_in_process()) gives each id and
 * sender it holds a number instead, the id itself compared exactly in a
 * hash table: no collision at all, and no SHA-256 of every id (the
 * thread scan of an mbox spent more on those than on reading the
 * headers).  It keeps each distinct id once, a few dozen bytes more a
 * message.
 */
#include <string.h>

#include "message.h"
#include "thread.h"

enum state { UNKNOWN, UNSETTLED, INSIDE, OUTSIDE };

/* A message added since the last settle, with its parents' keys. */
struct pending {
	guint64 key, sender;
	guint first, count;	/* in parents */
};

struct sl_thread_set {
	GHashTable *state;	/* key -> enum state, both as pointers */
	GHashTable *sender;	/* key -> its sender's key, where known */
	GArray *pending;	/* of struct pending */
	GArray *parents;	/* of guint64 */
	GChecksum *sum;		/* the writers' (one thread at a time) */
	/* in process only: each string given a number, 1 on */
	GHashTable *numbers;	/* string (in @strings) -> number */
	GStringChunk *strings;
	gboolean reply_outside;
	gboolean one_sender;
};

/* In process: the key of a string the set does not hold (never one it
 * gives a string it holds), and of a message's own id that it does not
 * hold, which must not be taken for another such string. */
#define ABSENT G_MAXUINT64
#define ABSENT_SELF (G_MAXUINT64 - 1)

/*
 * The key of a Message-ID or sender address with @sum, reset after; 0 for
 * none.  SHA-256, not a faster hash: the keys are kept in the send-time
 * record and read back by the next git send-email process, so they must be
 * the same in every process (no per-process random key), and ids are the
 * sender's to choose, so a collision must be out of their reach.
 */
static guint64 key_with(GChecksum *sum, const char *id)
{
	guint8 digest[32];
	gsize len = sizeof(digest);
	guint64 key = 0;

	if (!id || !*id)
		return 0;
	g_checksum_update(sum, (const guchar *)id, (gssize)strlen(id));
	g_checksum_get_digest(sum, digest, &len);
	g_checksum_reset(sum);
	for (int i = 0; i < 8; i++)
		key = key << 8 | digest[i];
	return key;
}

/*
 * The key of @id (a Message-ID or sender address) in @set, 0 for none; a
 * writer's, which makes one if it has none (in process: the next number).
 */
static guint64 key_of(struct sl_thread_set *set, const char *id)
{
	gpointer number;

	if (!set->numbers)
		return key_with(set->sum, id);
	if (!id || !*id)
		return 0;
	number = g_hash_table_lookup(set->numbers, id);
	if (!number) {
		number = GUINT_TO_POINTER(g_hash_table_size(set->numbers) + 1);
		g_hash_table_insert(set->numbers,
				    g_string_chunk_insert(set->strings, id),
				    number);
	}
	return GPOINTER_TO_UINT(number);
}

/* The same for a reader (the workers of an mbox read the set at once):
 * in process, ABSENT for a string the set does not hold. */
static guint64 key_found(const struct sl_thread_set *set, GChecksum *sum,
			 const char *id)
{
	gpointer number;

	if (!set->numbers)
		return key_with(sum, id);
	if (!id || !*id)
		return 0;
	number = g_hash_table_lookup(set->numbers, id);
	return number ? GPOINTER_TO_UINT(number) : ABSENT;
}

static gpointer as_pointer(guint64 key)
{
	return (gpointer)(guintptr)key;	/* folded where pointers are short */
}

static enum state state_of(const struct sl_thread_set *set, guint64 key)
{
	return GPOINTER_TO_INT(g_hash_table_lookup(set->state,
						   as_pointer(key)));
}

static void set_state(struct sl_thread_set *set, guint64 key, enum state s)
{
	g_hash_table_insert(set->state, as_pointer(key), GINT_TO_POINTER(s));
}

struct sl_thread_set *sl_thread_set_new(void)
{
	struct sl_thread_set *set = g_new0(struct sl_thread_set, 1);

	set->state = g_hash_table_new(g_direct_hash, g_direct_equal);
	set->sender = g_hash_table_new(g_direct_hash, g_direct_equal);
	set->pending = g_array_new(FALSE, FALSE, sizeof(struct pending));
	set->parents = g_array_new(FALSE, FALSE, sizeof(guint64));
	set->sum = g_checksum_new(G_CHECKSUM_SHA256);
	return set;
}

struct sl_thread_set *sl_thread_set_new_in_process(void)
{
	struct sl_thread_set *set = sl_thread_set_new();

	/* A number fits a pointer (and a guint): 2^32 ids are far more
	 * than an input holds. */
	set->numbers = g_hash_table_new(g_str_hash, g_str_equal);
	set->strings = g_string_chunk_new(4096);
	return set;
}

void sl_thread_set_free(struct sl_thread_set *set)
{
	if (!set)
		return;
	g_hash_table_unref(set->state);
	g_hash_table_unref(set->sender);
	g_array_unref(set->pending);
	g_array_unref(set->parents);
	g_checksum_free(set->sum);
	if (set->numbers) {
		g_hash_table_unref(set->numbers);
		g_string_chunk_free(set->strings);
	}
	g_free(set);
}

static void set_sender(struct sl_thread_set *set, guint64 key,
		       guint64 sender)
{
	if (sender)
		g_hash_table_insert(set->sender, as_pointer(key),
				    as_pointer(sender));
}

void sl_thread_set_add(struct sl_thread_set *set, const char *id,
		       const char *sender, const GPtrArray *parents)
{
	struct pending p;

	if (!(p.key = key_of(set, id)) || state_of(set, p.key) != UNKNOWN)
		return;
	set_state(set, p.key, UNSETTLED);
	set_sender(set, p.key, p.sender = key_of(set, sender));
	p.first = set->parents->len;
	p.count = parents ? parents->len : 0;
	for (guint i = 0; i < p.count; i++) {
		guint64 k = key_of(set, parents->pdata[i]);

		g_array_append_val(set->parents, k);
	}
	g_array_append_val(set->pending, p);
}

static gboolean add_judged(struct sl_thread_set *set, guint64 key,
			   gboolean outside)
{
	if (!key || state_of(set, key) != UNKNOWN)
		return FALSE;
	set_state(set, key, outside ? OUTSIDE : INSIDE);
	return TRUE;
}

void sl_thread_set_add_judged(struct sl_thread_set *set, const char *id,
			      const char *sender, gboolean outside)
{
	guint64 key = key_of(set, id);

	if (add_judged(set, key, outside))
		set_sender(set, key, key_of(set, sender));
}

void sl_thread_set_reply_outside(struct sl_thread_set *set)
{
	set->reply_outside = TRUE;
}

void sl_thread_set_one_sender(struct sl_thread_set *set)
{
	set->one_sender = TRUE;
}

/* A message's sender: its key, or how to make it when it is first asked
 * for (most messages are judged without it). */
struct sender {
	guint64 key;
	gboolean known;
	const struct sl_thread_set *set;
	GChecksum *sum;
	const char *addr;
};

static guint64 sender_key(struct sender *who)
{
	if (!who->known) {
		who->key = key_found(who->set, who->sum, who->addr);
		who->known = TRUE;
	}
	return who->key;
}

/* Whether @parent, named by the message @self from @who, is outside
 * the run, another sender's, or reaches outside (as far as the settled
 * messages tell).  An unknown sender is nobody else. */
static gboolean leads_outside(const struct sl_thread_set *set, guint64 self,
			      struct sender *who, guint64 parent)
{
	enum state s;
	guint64 theirs, sender;

	if (parent == self)
		return FALSE;
	s = state_of(set, parent);
	if (s == UNKNOWN || s == OUTSIDE)
		return TRUE;
	if (set->one_sender || !(sender = sender_key(who)))
		return FALSE;
	theirs = (guint64)(guintptr)g_hash_table_lookup(set->sender,
							as_pointer(parent));
	return theirs && theirs != sender;
}

void sl_thread_set_settle(struct sl_thread_set *set)
{
	/* Who replies to whom among the unsettled: for a parent's key, its
	 * first edge (+ 1) in @head; each edge's reply and next edge. */
	g_autoptr(GHashTable) head = g_hash_table_new(g_direct_hash,
						      g_direct_equal);
	g_autoptr(GArray) reply = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) next = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GQueue) out = g_queue_new();

	for (guint i = 0; i < set->pending->len; i++) {
		const struct pending *e = &g_array_index(set->pending,
							 struct pending, i);
		gboolean outside = set->reply_outside;
		struct sender who = { e->sender, TRUE, set, NULL, NULL };

		for (guint k = 0; !outside && k < e->count; k++) {
			guint64 p = g_array_index(set->parents, guint64,
						  e->first + k);
			guint edge;

			outside = leads_outside(set, e->key, &who, p);
			if (outside || p == e->key)
				continue;
			edge = GPOINTER_TO_UINT(g_hash_table_lookup(
				head, as_pointer(p)));
			g_array_append_val(reply, i);
			g_array_append_val(next, edge);
			g_hash_table_insert(head, as_pointer(p),
					    GUINT_TO_POINTER(reply->len));
		}
		if (outside) {
			set_state(set, e->key, OUTSIDE);
			g_queue_push_tail(out, GUINT_TO_POINTER(i));
		}
	}
	/* Their replies reach outside through them. */
	while (!g_queue_is_empty(out)) {
		guint i = GPOINTER_TO_UINT(g_queue_pop_head(out));
		guint64 key = g_array_index(set->pending, struct pending,
					    i).key;

		for (guint edge = GPOINTER_TO_UINT(g_hash_table_lookup(
			     head, as_pointer(key))); edge;
		     edge = g_array_index(next, guint, edge - 1)) {
			guint r = g_array_index(reply, guint, edge - 1);
			guint64 rkey = g_array_index(set->pending,
						     struct pending, r).key;

			if (state_of(set, rkey) == UNSETTLED) {
				set_state(set, rkey, OUTSIDE);
				g_queue_push_tail(out, GUINT_TO_POINTER(r));
			}
		}
	}
	for (guint i = 0; i < set->pending->len; i++) {
		guint64 key = g_array_index(set->pending, struct pending,
					    i).key;

		if (state_of(set, key) == UNSETTLED)
			set_state(set, key, INSIDE);
	}
	g_array_set_size(set->pending, 0);
	g_array_set_size(set->parents, 0);
}

/* The address a message is from, normalised; NULL if it has none. */
static const char *sender_of(const struct sl_message *msg)
{
	return msg->from->len
		       ? ((const struct sl_address *)msg->from->pdata[0])->addr
		       : NULL;
}

/* The keys of the message's id and sender are made only when a parent
 * asks for them: most messages name none, or one outside. */
void sl_thread_judge(const struct sl_thread_set *set, struct sl_message *msg)
{
	gboolean outside = set->reply_outside;
	g_autoptr(GChecksum) sum = NULL;
	struct sender who = { 0, FALSE, set, NULL, sender_of(msg) };
	const char *id = msg->message_id;
	guint64 self = 0;

	if (!outside && msg->parents->len) {
		if (!set->numbers)
			who.sum = sum = g_checksum_new(G_CHECKSUM_SHA256);
		self = key_found(set, sum, id);
		if (self == ABSENT)
			self = ABSENT_SELF;
	}
	for (guint i = 0; !outside && i < msg->parents->len; i++) {
		const char *parent = msg->parents->pdata[i];

		/* Itself, whether the set holds it or not. */
		outside = leads_outside(set, self, &who,
					id && !strcmp(parent, id)
						? self
						: key_found(set, sum, parent));
	}
	sl_message_set_thread(msg, outside);
}

void sl_thread_set_add_message(struct sl_thread_set *set,
			       const struct sl_message *msg)
{
	sl_thread_set_add_judged(set, msg->message_id, sender_of(msg),
				 msg->reply);
}

void sl_thread_set_foreach(const struct sl_thread_set *set, sl_thread_fn fn,
			   gpointer data)
{
	GHashTableIter it;
	gpointer key, value;

	g_return_if_fail(!set->numbers);	/* its keys are this process's */
	g_hash_table_iter_init(&it, set->state);
	while (g_hash_table_iter_next(&it, &key, &value)) {
		char hex[17];

		g_snprintf(hex, sizeof(hex), "%016" G_GINT64_MODIFIER "x",
			   (guint64)(guintptr)key);
		fn(hex, GPOINTER_TO_INT(value) == OUTSIDE, data);
	}
}

void sl_thread_set_restore(struct sl_thread_set *set, const char *key,
			   gboolean outside)
{
	char *end;
	guint64 k = g_ascii_strtoull(key, &end, 16);

	g_return_if_fail(!set->numbers);
	if (end != key && !*end)
		add_judged(set, k, outside);
}
