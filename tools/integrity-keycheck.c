// SPDX-License-Identifier: GPL-2.0
/*
 * integrity-keycheck: does a key fit a dm-integrity volume whose tags are
 * keyedhash MACs?  Answered from the raw device in userspace, before any
 * device-mapper table is loaded, so that a wrong key never reaches the
 * kernel: dm-integrity keeps no check value of its key, and a table
 * loaded with a wrong one can rewrite tags (a dirty bitmap's regions are
 * recalculated at resume under whatever key the table has).
 *
 * Usage: integrity-keycheck [-v] [-q] -a ALGORITHM -k KEYFILE [-d DATADEV] DEVICE
 *
 * Exit status: 0 the key is right (a sampled block's stored tag is this
 * key's tag of it), 2 WRONG KEY (no sampled tag matches, some do not),
 * 3 nothing could be checked (no sampled block carries a tag: never
 * written since a --no-wipe format, or discarded), 4 a superblock this
 * tool does not handle (inline tags, unknown version, tags on a device of
 * their own without -d), 1 any other error (usage, key file, device, no
 * dm-integrity superblock).  Manual: debian/keyedhash-integritysetup.8; docs/usage.md.
 *
 * What it reads, as drivers/md/dm-integrity.c lays it out (Linux 6.1 to
 * 7.x, unchanged; "sector" is 512 bytes):
 *
 *   sector 0        the superblock (struct superblock: "integrt", version,
 *                   log2 of the interleave, tag size, journal sections,
 *                   provided data sectors, flags, log2 of the block size,
 *                   log2 of the blocks per bitmap bit, recalc_sector,
 *                   salt)
 *   sector 8        the journal (or, in bitmap mode, the bitmap first):
 *                   journal_sections sections of journal_section_sectors
 *   initial_sectors then areas of 2^log2_interleave_sectors data sectors,
 *                   each preceded by metadata_run sectors of tags, one
 *                   tag of tag-size bytes per block, in block order
 *
 * or, for a volume whose data is on a device of its own (integritysetup
 * --data-device, integritytab's data-device=: log2 of the interleave 0),
 * DEVICE holds the superblock, the journal and from initial_sectors on
 * every block's tag in block order, and DATADEV the blocks from its
 * sector 0 (get_area_and_offset(), get_data_sector() with a meta_dev);
 *
 * and a block's tag is the keyed hash of [salt if SB_FLAG_FIXED_HMAC] ||
 * le64(the block's first logical sector) || the block, cut to the tag
 * size (zero-padded when the digest is shorter).
 *
 * Blocks are sampled in up to 16 windows spread over the device (the
 * first and the last blocks among them): a window's tags are read in one
 * go (at most 1 MiB), tags that are all 0x00 (never written) or all 0xF6
 * (dm-integrity's filler of a discarded block) are skipped, and a few of
 * the others are checked against their data, 64 blocks at most.  The
 * device is opened read-only (O_DIRECT where it can be: the page cache
 * of the raw device may predate what dm-integrity wrote); nothing is
 * ever written.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/fs.h>

#include <keyedhash.h>

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define SECTOR_SHIFT		9
#define SB_SECTORS		8
#define SALT_SIZE		16
#define DISCARD_FILLER		0xf6
#define JOURNAL_BLOCK_SECTORS	8
#define JOURNAL_SECTOR_DATA	((1 << SECTOR_SHIFT) - 8)
#define JOURNAL_MAC_PER_SECTOR	8
#define JOURNAL_ENTRY_ROUNDUP	8
#define METADATA_PADDING_SECTORS 8

#define SB_FLAG_HAVE_JOURNAL_MAC	0x1
#define SB_FLAG_RECALCULATING		0x2
#define SB_FLAG_DIRTY_BITMAP		0x4
#define SB_FLAG_FIXED_PADDING		0x8
#define SB_FLAG_FIXED_HMAC		0x10
#define SB_FLAG_INLINE			0x20
#define SB_FLAGS_KNOWN			0x3f

/* the sampling: windows, tag bytes read per window, blocks checked */
#define MAX_WINDOWS		16
#define WINDOW_TAG_BYTES	(1024 * 1024)
#define MAX_CHECKS		64
#define MIN_CHECKS_PER_WINDOW	4
/*
 * blocks of a dirty bitmap region whose tags all differ: enough of them,
 * with none matching, are taken for a wrong key (a crash tears a few
 * blocks of a region, not every block sampled in it)
 */
#define MIN_DIRTY_MISMATCHES	8
#define IO_ALIGN		4096
#define MAX_KEY			16384

enum {
	EXIT_RIGHT = 0,
	EXIT_ERROR = 1,
	EXIT_WRONG = 2,
	EXIT_UNCHECKED = 3,
	EXIT_UNSUPPORTED = 4,
};

static const char *prog = "integrity-keycheck";

struct device {
	int fd;
	u64 size;
	const char *path;
};

struct volume {
	/* the superblock's fields */
	unsigned int version;
	unsigned int log2_interleave;
	unsigned int tag_size;
	u32 journal_sections;
	u64 provided_sectors;
	u32 flags;
	unsigned int log2_spb;		/* sectors per block */
	unsigned int log2_bpbb;		/* blocks per bitmap bit */
	u64 recalc_sector;
	unsigned char salt[SALT_SIZE];
	/* the layout computed from them */
	u64 initial_sectors;
	u64 metadata_run;		/* sectors of tags before each area */
	u64 area_sectors;		/* metadata_run + data sectors */
	u64 blocks;		/* data blocks */
	u64 blocks_per_area;
	unsigned int block_bytes;
	bool separate;		/* the data on a device of its own */
	/* the superblock's device (and the tags'); the data's */
	struct device meta, data;
	const char *path;	/* meta.path, for the messages */
};

struct tally {
	unsigned long match;		/* this key's tag */
	unsigned long mismatch;		/* another tag, in a region in use */
	unsigned long dirty_mismatch;	/* another tag, dirty bitmap region */
	unsigned long recalc_mismatch;	/* another tag, not yet recalculated */
	unsigned long unwritten;	/* tag all zero */
	unsigned long discarded;	/* tag all 0xF6 */
	unsigned long tagged;		/* tags neither */
	unsigned long windows;
};

static bool verbose, quiet;

static u16 get_le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static u32 get_le32(const unsigned char *p)
{
	return get_le16(p) | (u32)get_le16(p + 2) << 16;
}

static u64 get_le64(const unsigned char *p)
{
	return get_le32(p) | (u64)get_le32(p + 4) << 32;
}

static void put_le64(unsigned char *p, u64 v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

/*
 * Read @len bytes at byte @off of device @d into @out.  With O_DIRECT the
 * read covers whole IO_ALIGN-aligned blocks, through an aligned bounce
 * buffer.  0, or -errno (-ENODATA: the device ends before).
 */
static int read_at(const struct device *d, u64 off, size_t len, void *out)
{
	u64 start = off & ~(u64)(IO_ALIGN - 1);
	size_t head = off - start;
	size_t span = (head + len + IO_ALIGN - 1) & ~(size_t)(IO_ALIGN - 1);
	size_t done = 0;
	void *buf;
	ssize_t r;
	int err = 0;

	if (off > d->size || len > d->size - off)
		return -ENODATA;
	if (posix_memalign(&buf, IO_ALIGN, span))
		return -ENOMEM;
	while (done < head + len) {
		r = pread(d->fd, (char *)buf + done, span - done, start + done);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = -errno;
			break;
		}
		if (!r) {
			err = -ENODATA;
			break;
		}
		done += r;
	}
	if (!err)
		memcpy(out, (char *)buf + head, len);
	free(buf);
	return err;
}

static const char *flag_names(u32 flags, char *buf, size_t size)
{
	static const char * const names[] = {
		"journal-mac", "recalculating", "dirty-bitmap",
		"fixed-padding", "fixed-hmac", "inline",
	};
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (flags & 1U << i)
			n += snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? "," : "", names[i]);
	if (!n)
		snprintf(buf, size, "none");
	return buf;
}

static void recalc_said(const struct volume *v)
{
	if (v->flags & SB_FLAG_RECALCULATING)
		fprintf(stderr, "%s: %s: tags recalculated up to sector %llu\n",
			prog, v->path, v->recalc_sector);
}

/* EXIT_RIGHT when device @d has @sectors sectors, else said */
static int fits(const struct device *d, u64 sectors)
{
	if (sectors <= d->size >> SECTOR_SHIFT)
		return EXIT_RIGHT;
	fprintf(stderr, "%s: %s: the device has %llu sectors, its superblock needs %llu\n",
		prog, d->path, d->size >> SECTOR_SHIFT, sectors);
	return EXIT_ERROR;
}

/*
 * The data on a device of its own (calculate_device_limits() with a
 * meta_dev): one area, every tag from initial_sectors on in block order;
 * the data device's blocks from its sector 0.
 */
static int separate_layout(struct volume *v)
{
	u64 tag_sectors = (v->blocks * v->tag_size + (1 << SECTOR_SHIFT) - 1) >>
			  SECTOR_SHIFT;
	int rc;

	v->metadata_run = 0;
	v->area_sectors = 0;
	v->blocks_per_area = v->blocks;
	if (verbose) {
		char f[96];

		fprintf(stderr,
			"%s: %s: superblock version %u, flags %s; %u-byte tags, %u-byte blocks, %llu data sectors on %s; %u journal sections: tags from sector %llu; device %llu sectors, %llu used\n",
			prog, v->path, v->version,
			flag_names(v->flags, f, sizeof(f)), v->tag_size,
			v->block_bytes, v->provided_sectors, v->data.path,
			v->journal_sections, v->initial_sectors,
			v->meta.size >> SECTOR_SHIFT,
			v->initial_sectors + tag_sectors);
		recalc_said(v);
	}
	rc = fits(&v->meta, v->initial_sectors + tag_sectors);
	return rc ? rc : fits(&v->data, v->provided_sectors);
}

/*
 * Parse the superblock and compute the layout as dm-integrity does
 * (calculate_journal_section_size(), calculate_device_limits()).
 * EXIT_RIGHT (0) when it can be read, else what to exit with, said.
 */
static int read_superblock(struct volume *v)
{
	unsigned char sb[1 << SECTOR_SHIFT];
	unsigned int spb, entry_size, space, per_sector, section_entries;
	u64 section_sectors, padding, run_bytes, last, end;
	int err;

	err = read_at(&v->meta, 0, sizeof(sb), sb);
	if (err) {
		fprintf(stderr, "%s: %s: cannot read its superblock: %s\n",
			prog, v->path, strerror(-err));
		return EXIT_ERROR;
	}
	if (memcmp(sb, "integrt", 8)) {
		fprintf(stderr,
			"%s: %s: no dm-integrity superblock (integritysetup format makes one)\n",
			prog, v->path);
		return EXIT_ERROR;
	}
	v->version = sb[8];
	v->log2_interleave = sb[9];
	v->tag_size = get_le16(sb + 10);
	v->journal_sections = get_le32(sb + 12);
	v->provided_sectors = get_le64(sb + 16);
	v->flags = get_le32(sb + 24);
	v->log2_spb = sb[28];
	v->log2_bpbb = sb[29];
	v->recalc_sector = get_le64(sb + 32);
	memcpy(v->salt, sb + 48, SALT_SIZE);

	if (v->version < 1 || v->version > 6 || v->flags & ~SB_FLAGS_KNOWN) {
		fprintf(stderr,
			"%s: %s: dm-integrity superblock version %u, flags 0x%x: not one this tool knows (1 to 5)\n",
			prog, v->path, v->version, v->flags);
		return EXIT_UNSUPPORTED;
	}
	if (v->flags & SB_FLAG_INLINE) {
		fprintf(stderr,
			"%s: %s: an inline-mode volume (its tags are in the device's own integrity metadata): its key cannot be checked from userspace\n",
			prog, v->path);
		return EXIT_UNSUPPORTED;
	}
	if (!v->log2_interleave && !v->separate) {
		fprintf(stderr,
			"%s: %s: its data is on a device of its own (data-device=): give that device with -d\n",
			prog, v->path);
		return EXIT_UNSUPPORTED;
	}
	if (v->log2_interleave && v->separate) {
		fprintf(stderr,
			"%s: %s: its data is on this device, not on %s (-d): its superblock interleaves data and tags\n",
			prog, v->path, v->data.path);
		return EXIT_ERROR;
	}
	if ((v->log2_interleave &&
	     (v->log2_interleave < 3 || v->log2_interleave > 31 ||
	      v->log2_spb > v->log2_interleave)) || v->log2_spb > 3 ||
	    !v->tag_size || !v->journal_sections || !v->provided_sectors ||
	    v->provided_sectors >> 56 ||
	    v->provided_sectors & ((1U << v->log2_spb) - 1)) {
		fprintf(stderr,
			"%s: %s: inconsistent dm-integrity superblock (interleave 2^%u, block 2^%u sectors, tag %u, %u journal sections, %llu sectors)\n",
			prog, v->path, v->log2_interleave, v->log2_spb,
			v->tag_size, v->journal_sections, v->provided_sectors);
		return EXIT_ERROR;
	}

	spb = 1U << v->log2_spb;
	v->block_bytes = spb << SECTOR_SHIFT;
	/* a journal entry: le64 sector, the last 8 bytes of each sector, tag */
	entry_size = 8 + 8 * spb + v->tag_size;
	entry_size = (entry_size + JOURNAL_ENTRY_ROUNDUP - 1) /
		     JOURNAL_ENTRY_ROUNDUP * JOURNAL_ENTRY_ROUNDUP;
	space = JOURNAL_SECTOR_DATA;
	if (v->flags & SB_FLAG_HAVE_JOURNAL_MAC)
		space -= JOURNAL_MAC_PER_SECTOR;
	per_sector = space / entry_size;
	if (!per_sector) {
		fprintf(stderr, "%s: %s: tag size %u too large for a journal entry\n",
			prog, v->path, v->tag_size);
		return EXIT_ERROR;
	}
	section_entries = per_sector * JOURNAL_BLOCK_SECTORS;
	section_sectors = ((u64)section_entries << v->log2_spb) +
			  JOURNAL_BLOCK_SECTORS;
	v->initial_sectors = SB_SECTORS + section_sectors * v->journal_sections;

	v->blocks = v->provided_sectors >> v->log2_spb;
	if (v->separate)
		return separate_layout(v);

	/* the tags of an area, rounded up as the flag says */
	if (v->flags & SB_FLAG_FIXED_PADDING)
		padding = METADATA_PADDING_SECTORS << SECTOR_SHIFT;
	else
		padding = (u64)1 << SECTOR_SHIFT << METADATA_PADDING_SECTORS;
	run_bytes = (u64)v->tag_size << (v->log2_interleave - v->log2_spb);
	run_bytes = (run_bytes + padding - 1) / padding * padding;
	v->metadata_run = run_bytes >> SECTOR_SHIFT;
	v->area_sectors = ((u64)1 << v->log2_interleave) + v->metadata_run;
	v->blocks_per_area = (u64)1 << (v->log2_interleave - v->log2_spb);

	/* the last data sector must be on the device */
	last = v->provided_sectors - 1;
	end = v->initial_sectors + (last >> v->log2_interleave) * v->area_sectors +
	      v->metadata_run + (last & (((u64)1 << v->log2_interleave) - 1)) + 1;
	if (verbose) {
		char f[96];

		fprintf(stderr,
			"%s: %s: superblock version %u, flags %s; %u-byte tags, %u-byte blocks, %llu data sectors; interleave %u sectors, %u journal sections: data from sector %llu, %llu sectors of tags before each area; device %llu sectors, %llu used\n",
			prog, v->path, v->version,
			flag_names(v->flags, f, sizeof(f)), v->tag_size,
			v->block_bytes, v->provided_sectors,
			1U << v->log2_interleave, v->journal_sections,
			v->initial_sectors, v->metadata_run,
			v->meta.size >> SECTOR_SHIFT, end);
		recalc_said(v);
	}
	return fits(&v->meta, end);
}

/* byte offsets of a block's tag and of its data */
static u64 tag_offset(const struct volume *v, u64 block)
{
	u64 area = block / v->blocks_per_area;
	u64 in_area = block % v->blocks_per_area;

	return ((v->initial_sectors + area * v->area_sectors) << SECTOR_SHIFT) +
	       in_area * v->tag_size;
}

static u64 data_offset(const struct volume *v, u64 block)
{
	u64 area = block / v->blocks_per_area;
	u64 in_area = block % v->blocks_per_area;

	if (v->separate)
		return block << v->log2_spb << SECTOR_SHIFT;
	return (v->initial_sectors + area * v->area_sectors + v->metadata_run +
		(in_area << v->log2_spb)) << SECTOR_SHIFT;
}

static bool all_bytes(const unsigned char *p, size_t n, unsigned char c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != c)
			return false;
	return true;
}

struct hasher {
	const char *alg;
	keyedhash_key *key;
	keyedhash_state *st;
	size_t digest_size;
};

/*
 * The tag of @block under the key (the kernel's
 * integrity_sector_checksum()): [salt] || le64 logical sector || data,
 * cut or zero-padded to the tag size, into @tag.  0, or -EINVAL with the
 * library's error said.
 */
static int compute_tag(const struct volume *v, struct hasher *h,
		       u64 block, const unsigned char *data,
		       unsigned char *tag)
{
	unsigned char digest[KEYEDHASH_MAX_DIGEST], sector[8];
	size_t n = h->digest_size < v->tag_size ? h->digest_size : v->tag_size;
	int r;

	put_le64(sector, block << v->log2_spb);
	r = keyedhash_reset(h->st);
	if (!r && v->flags & SB_FLAG_FIXED_HMAC)
		r = keyedhash_update(h->st, v->salt, SALT_SIZE);
	if (!r)
		r = keyedhash_update(h->st, sector, sizeof(sector));
	if (!r)
		r = keyedhash_update(h->st, data, v->block_bytes);
	if (!r)
		r = keyedhash_final(h->st, digest, sizeof(digest));
	if (r) {
		fprintf(stderr, "%s: %s: %s of block %llu: %s\n",
			prog, v->path, h->alg, block, keyedhash_strerror(r));
		return -EINVAL;
	}
	memcpy(tag, digest, n);
	memset(tag + n, 0, v->tag_size - n);
	explicit_bzero(digest, sizeof(digest));
	return 0;
}

struct window {
	u64 start, end;	/* blocks [start, end), within one area */
};

static u64 area_end(const struct volume *v, u64 block)
{
	return (block / v->blocks_per_area + 1) * v->blocks_per_area;
}

/*
 * Up to MAX_WINDOWS windows of blocks whose tags are contiguous on the
 * disk (one area each), spread from the first block to the last, in
 * ascending order and not overlapping.  Returns how many.
 */
static unsigned int plan_windows(const struct volume *v, struct window *w)
{
	u64 len = WINDOW_TAG_BYTES / v->tag_size, starts[MAX_WINDOWS];
	u64 s, e, prev_end = 0, t;
	unsigned int i, j, n = 0;

	if (!len)
		len = 1;
	if (len > v->blocks_per_area)
		len = v->blocks_per_area;
	for (i = 0; i < MAX_WINDOWS; i++)
		starts[i] = (v->blocks - 1) * i / (MAX_WINDOWS - 1);
	/* the last window ends with the last block */
	s = v->blocks > len ? v->blocks - len : 0;
	t = (v->blocks - 1) / v->blocks_per_area * v->blocks_per_area;
	starts[MAX_WINDOWS - 1] = s > t ? s : t;
	for (i = 1; i < MAX_WINDOWS; i++)
		for (j = i; j > 0 && starts[j - 1] > starts[j]; j--) {
			t = starts[j];
			starts[j] = starts[j - 1];
			starts[j - 1] = t;
		}
	for (i = 0; i < MAX_WINDOWS; i++) {
		s = starts[i] > prev_end ? starts[i] : prev_end;
		if (s >= v->blocks)
			break;
		e = s + len;
		if (e > area_end(v, s))
			e = area_end(v, s);
		if (e > v->blocks)
			e = v->blocks;
		w[n].start = s;
		w[n].end = e;
		n++;
		prev_end = e;
	}
	return n;
}

enum region { REGION_CLEAN, REGION_DIRTY, REGION_RECALC };

/*
 * The bitmap bits of blocks [@w->start, @w->end) when the superblock says
 * the bitmap is dirty: the bitmap is at the start of the journal area
 * (sector 8), one bit per 2^log2_bpbb blocks, bit i in byte i / 8 at
 * i % 8.  Returns the bytes from bit (@w->start >> log2_bpbb) rounded
 * down to a byte, in *@bits (NULL when the bitmap is not dirty), or an
 * error.
 */
static int read_bitmap(struct volume *v, const struct window *w,
		       unsigned char **bits, u64 *first_byte)
{
	unsigned int shift = v->log2_bpbb < 63 ? v->log2_bpbb : 63;
	u64 b0, b1, room;
	size_t len;
	int err;

	*bits = NULL;
	if (!(v->flags & SB_FLAG_DIRTY_BITMAP))
		return 0;
	b0 = (w->start >> shift) / 8;
	b1 = ((w->end - 1) >> shift) / 8;
	room = (v->initial_sectors - SB_SECTORS) << SECTOR_SHIFT;
	if (b1 >= room)
		return -ERANGE;
	len = b1 - b0 + 1;
	*bits = malloc(len);
	if (!*bits)
		return -ENOMEM;
	err = read_at(&v->meta, ((u64)SB_SECTORS << SECTOR_SHIFT) + b0, len, *bits);
	if (err) {
		free(*bits);
		*bits = NULL;
		return err;
	}
	*first_byte = b0;
	return 0;
}

static enum region region_of(const struct volume *v, u64 block,
			     const unsigned char *bits, u64 first_byte)
{
	unsigned int shift = v->log2_bpbb < 63 ? v->log2_bpbb : 63;
	u64 bit = block >> shift;

	/* dm_integrity_map_continue(): not checked beyond recalc_sector */
	if (v->flags & SB_FLAG_RECALCULATING &&
	    (block + 1) << v->log2_spb > v->recalc_sector)
		return REGION_RECALC;
	if (bits && bits[bit / 8 - first_byte] & 1U << (bit % 8))
		return REGION_DIRTY;
	return REGION_CLEAN;
}

/* Sample one window into @t; 0 or -errno (said). */
static int check_window(struct volume *v, struct hasher *h,
			const struct window *w, unsigned int quota,
			struct tally *t)
{
	u64 n = w->end - w->start, i, present = 0, k, next, first_byte = 0;
	unsigned char *tags, *bits = NULL, *data = NULL, *mine = NULL;
	unsigned int picked = 0;
	bool dirty_unknown = false;
	const unsigned char *tag;
	enum region r;
	int err;

	tags = malloc(n * v->tag_size);
	if (!tags)
		return -ENOMEM;
	err = read_at(&v->meta, tag_offset(v, w->start), n * v->tag_size, tags);
	if (err) {
		fprintf(stderr, "%s: %s: reading the tags of blocks %llu to %llu: %s\n",
			prog, v->path, w->start, w->end - 1, strerror(-err));
		goto out;
	}
	err = read_bitmap(v, w, &bits, &first_byte);
	if (err == -ERANGE) {
		/* a bitmap beyond the journal: every block taken as dirty */
		dirty_unknown = true;
		err = 0;
	}
	if (err) {
		fprintf(stderr, "%s: %s: reading the dirty bitmap: %s\n",
			prog, v->path, strerror(-err));
		goto out;
	}
	for (i = 0; i < n; i++) {
		tag = tags + i * v->tag_size;
		if (all_bytes(tag, v->tag_size, 0))
			t->unwritten++;
		else if (all_bytes(tag, v->tag_size, DISCARD_FILLER))
			t->discarded++;
		else
			present++;
	}
	t->tagged += present;
	t->windows++;
	if (verbose)
		fprintf(stderr, "%s: %s: blocks %llu to %llu: %llu with a tag\n",
			prog, v->path, w->start, w->end - 1, present);
	if (!present)
		goto out;
	data = aligned_alloc(IO_ALIGN, (v->block_bytes + IO_ALIGN - 1) /
			     IO_ALIGN * IO_ALIGN);
	mine = malloc(v->tag_size);
	if (!data || !mine) {
		err = -ENOMEM;
		goto out;
	}
	/* the picked-th of @quota checks goes to the next-th tagged block */
	k = 0;
	next = 0;
	for (i = 0; i < n && picked < quota && picked < present; i++) {
		tag = tags + i * v->tag_size;
		if (all_bytes(tag, v->tag_size, 0) ||
		    all_bytes(tag, v->tag_size, DISCARD_FILLER))
			continue;
		if (k++ != next)
			continue;
		picked++;
		next = present * picked / (quota < present ? quota : present);
		err = read_at(&v->data, data_offset(v, w->start + i),
			      v->block_bytes, data);
		if (err) {
			fprintf(stderr, "%s: %s: reading block %llu: %s\n",
				prog, v->data.path, w->start + i, strerror(-err));
			goto out;
		}
		err = compute_tag(v, h, w->start + i, data, mine);
		if (err)
			goto out;
		r = region_of(v, w->start + i, bits, first_byte);
		if (dirty_unknown && r == REGION_CLEAN)
			r = REGION_DIRTY;
		if (!keyedhash_verify(mine, tag, v->tag_size))
			t->match++;
		else if (r == REGION_DIRTY)
			t->dirty_mismatch++;
		else if (r == REGION_RECALC)
			t->recalc_mismatch++;
		else
			t->mismatch++;
		if (verbose)
			fprintf(stderr, "%s: %s: block %llu (sector %llu)%s: %s\n",
				prog, v->path, w->start + i,
				(w->start + i) << v->log2_spb,
				r == REGION_DIRTY ? ", dirty region" :
				r == REGION_RECALC ? ", not yet recalculated" : "",
				keyedhash_verify(mine, tag, v->tag_size) ?
				"tag differs" : "tag matches");
	}
out:
	if (mine)
		explicit_bzero(mine, v->tag_size);
	free(mine);
	free(data);
	free(bits);
	free(tags);
	return err;
}

static int open_device(struct device *d)
{
	struct stat st;

	d->fd = open(d->path, O_RDONLY | O_CLOEXEC | O_DIRECT);
	if (d->fd < 0 && errno == EINVAL)
		d->fd = open(d->path, O_RDONLY | O_CLOEXEC);
	if (d->fd < 0 || fstat(d->fd, &st)) {
		fprintf(stderr, "%s: %s: %s\n", prog, d->path, strerror(errno));
		return EXIT_ERROR;
	}
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(d->fd, BLKGETSIZE64, &d->size)) {
			fprintf(stderr, "%s: %s: its size: %s\n", prog, d->path,
				strerror(errno));
			return EXIT_ERROR;
		}
	} else if (S_ISREG(st.st_mode)) {
		d->size = st.st_size;
	} else {
		fprintf(stderr, "%s: %s: neither a block device nor a file\n",
			prog, d->path);
		return EXIT_ERROR;
	}
	/* a file system that takes no O_DIRECT reads: through the cache */
	{
		unsigned char probe[1 << SECTOR_SHIFT];

		if (d->size && read_at(d, 0, sizeof(probe), probe) == -EINVAL)
			fcntl(d->fd, F_SETFL, fcntl(d->fd, F_GETFL) & ~O_DIRECT);
	}
	return EXIT_RIGHT;
}

static int load_key(struct hasher *h, const char *file)
{
	unsigned char *key = malloc(MAX_KEY + 1);
	size_t len = 0;
	const char *rule;
	ssize_t r;
	int fd, err;

	if (!key) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return EXIT_ERROR;
	}
	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: key file %s: %s\n", prog, file, strerror(errno));
		free(key);
		return EXIT_ERROR;
	}
	while (len <= MAX_KEY) {
		r = read(fd, key + len, MAX_KEY + 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += r;
	}
	err = r < 0 ? errno : 0;
	close(fd);
	if (err || len > MAX_KEY) {
		if (err)
			fprintf(stderr, "%s: key file %s: %s\n", prog, file,
				strerror(err));
		else
			fprintf(stderr, "%s: key file %s: longer than %d bytes\n",
				prog, file, MAX_KEY);
		explicit_bzero(key, MAX_KEY + 1);
		free(key);
		return EXIT_ERROR;
	}
	err = keyedhash_key_new(&h->key, h->alg, key, len);
	explicit_bzero(key, MAX_KEY + 1);
	free(key);
	if (!err)
		err = keyedhash_state_new(&h->st, h->key);
	if (err) {
		rule = keyedhash_key_rule(h->alg);
		if (err == KEYEDHASH_EKEY && rule)
			fprintf(stderr, "%s: %s refuses the %zu-byte key of %s: its keys are %s\n",
				prog, h->alg, len, file, rule);
		else
			fprintf(stderr, "%s: %s with the key of %s: %s\n", prog,
				h->alg, file, keyedhash_strerror(err));
		return EXIT_ERROR;
	}
	h->digest_size = keyedhash_key_digest_size(h->key);
	return EXIT_RIGHT;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v] [-q] -a ALGORITHM -k KEYFILE [-d DATADEV] DEVICE\n"
		"Check, from the raw DEVICE and before it is opened, that the key in KEYFILE\n"
		"(raw bytes, as integritysetup --integrity-key-file reads it) is the key of\n"
		"the dm-integrity volume on DEVICE, whose tags are ALGORITHM's (a keyedhash\n"
		"algorithm, as integritysetup --integrity names it).  Nothing is written.\n"
		"\n"
		"  -a, --algorithm ALGORITHM  the volume's integrity algorithm\n"
		"  -k, --key KEYFILE          the key file\n"
		"  -d, --data-device DATADEV  the volume's data device (integritysetup\n"
		"                             --data-device; DEVICE then holds its tags)\n"
		"  -v, --verbose              the layout and each checked block on stderr\n"
		"  -q, --quiet                no verdict line on stdout\n"
		"  -h, --help                 this help\n"
		"\n"
		"Exit status: 0 the key is right, 2 WRONG KEY, 3 nothing could be checked\n"
		"(no sampled block carries a tag: never written, or discarded), 4 a volume\n"
		"this tool does not handle, 1 any other error.\n", prog);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "algorithm", required_argument, NULL, 'a' },
		{ "key", required_argument, NULL, 'k' },
		{ "data-device", required_argument, NULL, 'd' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct window w[MAX_WINDOWS];
	struct hasher h = { 0 };
	struct volume v = { .meta.fd = -1, .data.fd = -1 };
	struct tally t = { 0 };
	const char *keyfile = NULL;
	unsigned int nw, i, quota;
	unsigned long checked;
	const char *note;
	int c, rc;

	while ((c = getopt_long(argc, argv, "a:k:d:vqh", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			h.alg = optarg;
			break;
		case 'k':
			keyfile = optarg;
			break;
		case 'd':
			v.data.path = optarg;
			v.separate = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			usage(stdout);
			return EXIT_RIGHT;
		default:
			usage(stderr);
			return EXIT_ERROR;
		}
	}
	if (!h.alg || !keyfile || optind != argc - 1) {
		usage(stderr);
		return EXIT_ERROR;
	}
	v.path = argv[optind];
	v.meta.path = v.path;
	rc = load_key(&h, keyfile);
	if (!rc)
		rc = open_device(&v.meta);
	if (!rc && v.separate)
		rc = open_device(&v.data);
	else if (!rc)
		v.data = v.meta;
	if (!rc)
		rc = read_superblock(&v);
	if (rc)
		goto out;

	nw = plan_windows(&v, w);
	quota = MAX_CHECKS / nw;
	if (quota < MIN_CHECKS_PER_WINDOW)
		quota = MIN_CHECKS_PER_WINDOW;
	for (i = 0; i < nw; i++) {
		if (check_window(&v, &h, &w[i], quota, &t)) {
			rc = EXIT_ERROR;
			goto out;
		}
	}
	checked = t.match + t.mismatch + t.dirty_mismatch + t.recalc_mismatch;
	if (verbose)
		fprintf(stderr,
			"%s: %s: %lu windows: %lu tags, %lu never written, %lu discarded; %lu checked: %lu match, %lu differ (%lu in dirty regions, %lu not yet recalculated)\n",
			prog, v.path, t.windows, t.tagged, t.unwritten,
			t.discarded, checked, t.match,
			t.mismatch + t.dirty_mismatch + t.recalc_mismatch,
			t.dirty_mismatch, t.recalc_mismatch);
	if (t.match) {
		rc = EXIT_RIGHT;
		note = checked > t.match ?
			" (the others differ: corrupted, or torn by a crash)" : "";
		if (!quiet)
			fprintf(stdout,
				"%s: key right: %lu of %lu sampled blocks carry this key's %s tags%s\n",
				v.path, t.match, checked, h.alg, note);
	} else if (t.mismatch || t.dirty_mismatch >= MIN_DIRTY_MISMATCHES) {
		rc = EXIT_WRONG;
		note = "";
		if (!t.mismatch)
			note = " (all in dirty regions, which opening would re-tag)";
		if (!quiet)
			fprintf(stdout,
				"%s: WRONG KEY: none of the %lu sampled blocks with a tag carries this key's %s tag%s\n",
				v.path, checked, h.alg, note);
	} else {
		rc = EXIT_UNCHECKED;
		if (!quiet)
			fprintf(stdout,
				"%s: cannot be checked: no sampled block carries a tag this key can be checked against (%lu never written, %lu discarded, %lu in dirty or not yet recalculated regions)\n",
				v.path, t.unwritten, t.discarded,
				t.dirty_mismatch + t.recalc_mismatch);
	}
out:
	keyedhash_state_free(h.st);
	keyedhash_key_free(h.key);
	if (v.meta.fd >= 0)
		close(v.meta.fd);
	if (v.separate && v.data.fd >= 0)
		close(v.data.fd);
	return rc;
}
