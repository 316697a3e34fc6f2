// SPDX-License-Identifier: GPL-2.0

//go:build amd64

// kbench-go: the Go peer of `make bench`.  It times HighwayHash-64/128/256
// one-shot (Sum64, Sum128, Sum) of the Go module github.com/minio/highwayhash
// (its amd64 AVX2 assembly where the CPU has AVX2) at kbench's message
// sizes, with kbench's method (tools/bench/README.md, "Method"): a sample is
// one warm-up call, then N calls between "lfence; rdtsc; lfence" and
// "rdtscp; lfence", N calibrated to about --sample-us; a sample during which
// the thread was context-switched is taken again; each round takes one
// sample of every cell in a new random order; per round a chain of
// dependent adds measures core cycles per counter tick, and the cycles are
// counter ticks times the median ratio.  The call is in Go, so no cgo call
// is charged to the peer.
//
// Before any timing, every digest of the known-answer file
// (tests/vectors/highwayhash.txt) is computed with the module and compared;
// any mismatch ends the run with status 1 and nothing is timed.
//
//	kbench-go --vectors FILE [--tsv FILE] [--rounds N] [--sample-us U]
//	          [--sizes A,B,...] [--filter S] [--unit counter] [--check-only]
//
// Rows are appended to --tsv (no header) in build/bench.tsv's columns:
// algorithm, implementation, bytes, cycles_per_byte, gb_per_s.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/minio/highwayhash"
	"golang.org/x/sys/cpu"
)

const implName = "peer:go-minio-highwayhash"

type alg struct {
	name string
	bits int
	sum  func(msg, key []byte, out []byte)
}

var algs = []alg{
	{"highwayhash64", 64, func(msg, key, out []byte) {
		binary.LittleEndian.PutUint64(out, highwayhash.Sum64(msg, key))
	}},
	{"highwayhash128", 128, func(msg, key, out []byte) {
		d := highwayhash.Sum128(msg, key)
		copy(out, d[:])
	}},
	{"highwayhash256", 256, func(msg, key, out []byte) {
		d := highwayhash.Sum(msg, key)
		copy(out, d[:])
	}},
}

func fatal(format string, a ...interface{}) {
	fmt.Fprintf(os.Stderr, "kbench-go: "+format+"\n", a...)
	os.Exit(1)
}

// splitmix64 bytes, as tests/vectors/README.md describes the pattern
func splitmix(state uint64, skip, n int) []byte {
	var buf []byte
	for len(buf) < skip+n {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
		buf = binary.LittleEndian.AppendUint64(buf, z)
	}
	return buf[skip : skip+n]
}

func pattern(p string, n int) []byte {
	f := strings.Split(p, ":")
	if len(f) != 3 {
		fatal("bad pattern %q", p)
	}
	switch f[0] {
	case "affine":
		a, err1 := strconv.Atoi(f[1])
		b, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			fatal("bad pattern %q", p)
		}
		m := make([]byte, n)
		for i := range m {
			m[i] = byte((a*i + b) % 256)
		}
		return m
	case "splitmix64":
		s, err1 := strconv.ParseUint(f[1], 16, 64)
		k, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			fatal("bad pattern %q", p)
		}
		return splitmix(s, k, n)
	}
	fatal("unknown pattern %q", p)
	return nil
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		fatal("bad hex %q", s)
	}
	return b
}

// checkVectors compares every digest of the file; returns the count.
func checkVectors(path string) int {
	f, err := os.Open(path)
	if err != nil {
		fatal("%v", err)
	}
	defer f.Close()
	checked := 0
	rec := map[string]string{}
	flush := func() {
		if len(rec) == 0 {
			return
		}
		key := unhex(rec["key"])
		n, err := strconv.Atoi(rec["msglen"])
		if err != nil {
			fatal("record without msglen: %v", rec)
		}
		var msg []byte
		if p, ok := rec["pattern"]; ok {
			msg = pattern(p, n)
		} else {
			msg = unhex(rec["msg"])
		}
		if len(msg) != n || len(key) != 32 {
			fatal("record msglen %d: message or key length wrong", n)
		}
		for _, a := range algs {
			want, ok := rec["digest"+strconv.Itoa(a.bits)]
			if !ok {
				fatal("record msglen %d: no digest%d", n, a.bits)
			}
			out := make([]byte, a.bits/8)
			a.sum(msg, key, out)
			if !bytes.Equal(out, unhex(want)) {
				fatal("%s msglen %d: digest %x, the vector says %s: "+
					"not timing a peer that disagrees", a.name, n, out, want)
			}
			checked++
		}
		rec = map[string]string{}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			flush()
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			fatal("bad line %q", line)
		}
		rec[k] = v
	}
	if err := sc.Err(); err != nil {
		fatal("%s: %v", path, err)
	}
	flush()
	if checked == 0 {
		fatal("%s: no vectors", path)
	}
	return checked
}

func ctxsw() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		fatal("getrusage: %v", err)
	}
	return ru.Nvcsw + ru.Nivcsw
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n&1 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// counter ticks per second: the median of five 50 ms windows
func counterHz() float64 {
	hz := make([]float64, 5)
	for i := range hz {
		t0 := time.Now()
		c0 := ticksBegin()
		for time.Since(t0) < 50*time.Millisecond {
		}
		c1 := ticksEnd()
		hz[i] = float64(c1-c0) / time.Since(t0).Seconds()
	}
	return median(hz)
}

func ratioOnce() float64 {
	const iters = 1 << 14
	t0 := ticksBegin()
	addChain(iters)
	t1 := ticksEnd()
	return float64(iters*64) / float64(t1-t0)
}

type cell struct {
	a     *alg
	size  int
	iters int
	tpb   []float64
}

var sink byte

func (c *cell) time(msg, key []byte, iters int) uint64 {
	var out [32]byte
	m := msg[:c.size]
	sum := c.a.sum
	t0 := ticksBegin()
	for i := 0; i < iters; i++ {
		sum(m, key, out[:])
		sink ^= out[0]
	}
	return ticksEnd() - t0
}

func main() {
	vectors := flag.String("vectors", "tests/vectors/highwayhash.txt", "known-answer file")
	tsv := flag.String("tsv", "", "append the rows to this file")
	rounds := flag.Int("rounds", 61, "interleaved rounds (at least 15)")
	sampleUs := flag.Float64("sample-us", 1000, "target length of one sample")
	sizesArg := flag.String("sizes", "16,64,256,512,1024,4096,16384,65536,1048576", "message sizes")
	filter := flag.String("filter", "", "only algorithms or implementations containing S")
	unit := flag.String("unit", "auto", "auto (core cycles) or counter (TSC ticks)")
	checkOnly := flag.Bool("check-only", false, "check the vectors, time nothing")
	flag.Parse()

	n := checkVectors(*vectors)
	path := "pure Go"
	if cpu.X86.HasAVX2 {
		path = "AVX2 assembly"
	} else if cpu.X86.HasSSE41 {
		path = "SSE4.1 assembly"
	}
	fmt.Printf("kbench-go: github.com/minio/highwayhash (%s): %d digests of %s match\n",
		path, n, *vectors)
	if *checkOnly {
		return
	}
	if *rounds < 15 {
		fatal("--rounds: at least 15")
	}
	var sel []*alg
	for i := range algs {
		if *filter == "" || strings.Contains(algs[i].name, *filter) ||
			strings.Contains(implName, *filter) {
			sel = append(sel, &algs[i])
		}
	}
	if len(sel) == 0 {
		fmt.Printf("kbench-go: nothing matches --filter %s\n", *filter)
		return
	}
	var sizes []int
	maxSize := 0
	for _, s := range strings.Split(*sizesArg, ",") {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 || v > 1<<26 {
			fatal("bad --sizes")
		}
		sizes = append(sizes, v)
		if v > maxSize {
			maxSize = v
		}
	}

	runtime.LockOSThread()
	debug.SetGCPercent(-1)
	key := make([]byte, 32)
	msg := make([]byte, maxSize)
	for i := range key {
		key[i] = byte(0xa0 + i)
	}
	copy(msg, splitmix(0x6b62656e6368, 0, maxSize))

	hz := counterHz()
	var cells []*cell
	for _, a := range sel {
		for _, s := range sizes {
			c := &cell{a: a, size: s}
			// calibrate: N calls take about --sample-us
			t := float64(c.time(msg, key, 16)) / 16
			c.iters = int(*sampleUs * 1e-6 * hz / t)
			if c.iters < 1 {
				c.iters = 1
			}
			cells = append(cells, c)
		}
	}
	var ratios []float64
	rng := uint64(0x726f756e64)
	order := make([]int, len(cells))
	for i := range order {
		order[i] = i
	}
	rejected := 0
	for r := 0; r < *rounds; r++ {
		cs := ctxsw()
		q := ratioOnce()
		if ctxsw() == cs {
			ratios = append(ratios, q)
		}
		for i := len(order); i > 1; i-- {
			rng += 0x9e3779b97f4a7c15
			z := rng
			z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			j := int((z ^ z>>31) % uint64(i))
			order[i-1], order[j] = order[j], order[i-1]
		}
		for _, i := range order {
			c := cells[i]
			for tries := 0; tries < 50; tries++ {
				cs := ctxsw()
				c.time(msg, key, 1)
				ticks := c.time(msg, key, c.iters)
				if ctxsw() != cs {
					rejected++
					continue
				}
				c.tpb = append(c.tpb, float64(ticks)/float64(c.iters)/float64(c.size))
				break
			}
		}
	}
	ratio := 1.0
	what := "TSC ticks"
	if *unit != "counter" && len(ratios) > 0 {
		ratio = median(ratios)
		what = "core cycles"
	}
	fmt.Printf("kbench-go: TSC %.3f GHz, %.3f core cycles per tick, %d rounds, "+
		"%d samples rejected; %s per byte, median (min)\n",
		hz/1e9, median(ratios), *rounds, rejected, what)
	var w *os.File
	if *tsv != "" {
		var err error
		w, err = os.OpenFile(*tsv, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			fatal("%v", err)
		}
		defer w.Close()
	}
	for _, c := range cells {
		if len(c.tpb) == 0 {
			fatal("%s %d: every sample rejected", c.a.name, c.size)
		}
		sort.Float64s(c.tpb)
		med := median(c.tpb) * ratio
		gbs := hz / (median(c.tpb) * 1e9)
		fmt.Printf("%-16s %-28s %8d %10.3f (%.3f)\n", c.a.name, implName, c.size,
			med, c.tpb[0]*ratio)
		if w != nil {
			fmt.Fprintf(w, "%s\t%s\t%d\t%.4f\t%.3f\n", c.a.name, implName,
				c.size, med, gbs)
		}
	}
	runtime.KeepAlive(sink)
}
