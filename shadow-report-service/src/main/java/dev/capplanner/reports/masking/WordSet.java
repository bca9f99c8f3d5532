package dev.capplanner.reports.masking;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * A read-only set of lowercase words kept as one sorted block of characters with offsets, and an
 * open-addressing table of entry numbers and hashes: a word list of 150,000 entries takes about 4.5 MB
 * instead of the 15 MB a {@code HashSet<String>} would, and a look-up hashes the word once (a string
 * keeps its hash, so the next list costs no hashing) and compares the characters of the entries whose
 * hash is the word's only (a binary search took 18 comparisons; masking looks up every word of every
 * report, several times).
 */
public final class WordSet {

    private final char[] chars;
    private final int[] starts;
    /**
     * At the slot its hash leads to, an entry's hash (high half) and number + 1 (low half; 0: empty); a power
     * of two long, at most 3/4 full. A look-up compares the hashes first: most words looked up are in no list,
     * and reading an entry's characters is a miss in the cache each time.
     */
    private final long[] slots;

    private WordSet(char[] chars, int[] starts) {
        this.chars = chars;
        this.starts = starts;
        int entries = starts.length - 1;
        this.slots = new long[Integer.highestOneBit(Math.max(4, entries * 4 / 3 + 1)) << 1];
        for (int entry = 0; entry < entries; entry++) {
            int hash = hash(chars, starts[entry], starts[entry + 1]);
            int slot = hash & (slots.length - 1);
            while (slots[slot] != 0) {
                slot = (slot + 1) & (slots.length - 1);
            }
            slots[slot] = ((long) hash << 32) | (entry + 1);
        }
    }

    public static WordSet of(Collection<String> words) {
        TreeSet<String> sorted = new TreeSet<>(words);
        sorted.remove("");
        int[] starts = new int[sorted.size() + 1];
        StringBuilder all = new StringBuilder();
        int i = 0;
        for (String word : sorted) {
            starts[i++] = all.length();
            all.append(word);
        }
        starts[i] = all.length();
        char[] chars = new char[all.length()];
        all.getChars(0, all.length(), chars, 0);
        return new WordSet(chars, starts);
    }

    /** A gzip-compressed list, one word a line; lines starting with '#' are comments (the list's provenance). */
    public static WordSet readGzip(InputStream gzip) {
        List<String> words = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(new GZIPInputStream(gzip), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String word = line.strip();
                if (!word.isEmpty() && !word.startsWith("#")) {
                    words.add(word);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("a word list could not be read", e);
        }
        return of(words);
    }

    public int size() {
        return starts.length - 1;
    }

    public boolean contains(CharSequence word) {
        int hash = hash(word);
        int slot = hash & (slots.length - 1);
        for (long entry = slots[slot]; entry != 0; entry = slots[slot]) {
            if ((int) (entry >>> 32) == hash && equal((int) entry - 1, word)) {
                return true;
            }
            slot = (slot + 1) & (slots.length - 1);
        }
        return false;
    }

    private boolean equal(int entry, CharSequence word) {
        int start = starts[entry];
        if (starts[entry + 1] - start != word.length()) {
            return false;
        }
        if (word instanceof String string) {
            for (int k = 0; k < string.length(); k++) {
                if (chars[start + k] != string.charAt(k)) {
                    return false;
                }
            }
            return true;
        }
        for (int k = 0; k < word.length(); k++) {
            if (chars[start + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static int hash(char[] chars, int from, int to) {
        int h = 0;
        for (int at = from; at < to; at++) {
            h = 31 * h + chars[at];
        }
        return spread(h);
    }

    private static int hash(CharSequence word) {
        if (word instanceof String string) {
            // The same polynomial, computed once per string and kept by it: a word is looked up in several lists.
            return spread(string.hashCode());
        }
        int h = 0;
        for (int at = 0; at < word.length(); at++) {
            h = 31 * h + word.charAt(at);
        }
        return spread(h);
    }

    /**
     * MurmurHash3's finalizer: String's polynomial hash gives short words nearly consecutive values,
     * and linear probing turns those into long runs (1,447 slots in the common words with a plain
     * fold of the high bits); mixed, the longest run is a few dozen.
     */
    private static int spread(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    /** The longest run of occupied slots: how many entries a look-up may compare at worst. */
    int longestRun() {
        int longest = 0;
        int run = 0;
        for (int pass = 0; pass < 2; pass++) {
            // Twice round, so that a run wrapping past the table's end is counted whole.
            for (long slot : slots) {
                run = slot == 0 ? 0 : run + 1;
                longest = Math.max(longest, Math.min(run, slots.length));
            }
        }
        return longest;
    }
}
