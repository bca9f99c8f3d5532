package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.List;

/**
 * The forms an English word may be an inflection of, by its regular endings ("invoices" of "invoice",
 * "shipped" of "ship", "delivering" of "deliver", "replies" of "reply"): only to look a word up in a
 * list of base forms. Over-generation is not free: the look-up decides what strict masking keeps, so
 * a foreign word that looks inflected ("persones" of "person") is kept like the English one.
 */
final class EnglishStems {

    private static final int MIN_STEM = 3;

    private EnglishStems() {
    }

    static List<String> of(String word) {
        List<String> stems = new ArrayList<>(4);
        if (word.endsWith("ies")) {
            add(stems, word.substring(0, word.length() - 3) + "y");
        }
        if (word.endsWith("es")) {
            add(stems, word.substring(0, word.length() - 2));
        }
        if (word.endsWith("s") && !word.endsWith("ss")) {
            add(stems, word.substring(0, word.length() - 1));
        }
        for (String ending : new String[] {"ed", "ing"}) {
            if (word.endsWith(ending)) {
                String stem = word.substring(0, word.length() - ending.length());
                add(stems, stem);
                add(stems, stem + "e");
                if (stem.length() > MIN_STEM && stem.charAt(stem.length() - 1) == stem.charAt(stem.length() - 2)) {
                    add(stems, stem.substring(0, stem.length() - 1));
                }
                if (stem.endsWith("i")) {
                    add(stems, stem.substring(0, stem.length() - 1) + "y");
                }
            }
        }
        if (word.endsWith("ly")) {
            add(stems, word.substring(0, word.length() - 2));
        }
        if (word.endsWith("er") || word.endsWith("est")) {
            add(stems, word.substring(0, word.length() - (word.endsWith("er") ? 2 : 3)));
        }
        return stems;
    }

    private static void add(List<String> stems, String stem) {
        if (stem.length() >= MIN_STEM) {
            stems.add(stem);
        }
    }
}
