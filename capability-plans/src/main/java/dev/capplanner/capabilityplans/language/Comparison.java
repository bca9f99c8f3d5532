package dev.capplanner.capabilityplans.language;

import java.util.Arrays;
import java.util.Locale;

/** The comparisons a condition may make; {@code present} and {@code absent} take no right-hand side. */
public enum Comparison {
    EQ, NE, GT, GTE, LT, LTE, IN, NOT_IN, CONTAINS, PRESENT, ABSENT;

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean unary() {
        return this == PRESENT || this == ABSENT;
    }

    public static Comparison of(String code) {
        return Arrays.stream(values()).filter(c -> c.code().equals(code)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown comparison " + code));
    }
}
