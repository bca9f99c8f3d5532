package dev.capplanner.contracts.deadletters;

import java.nio.charset.StandardCharsets;

/** One header of a dead letter: its name and its bytes ({@code null} when the header has no value). */
public record DeadLetterHeader(String name, byte[] value) {

    public static DeadLetterHeader of(String name, String value) {
        return new DeadLetterHeader(name, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
    }

    /** The value read as UTF-8, or {@code null}. */
    public String text() {
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }
}
