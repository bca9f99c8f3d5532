package dev.capplanner.reports.masking;

/** A sensitive value found in a text: characters {@code start} (inclusive) to {@code end} (exclusive). */
public record Finding(int start, int end, SensitiveKind kind) {
    public Finding {
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("empty or negative span " + start + ".." + end);
        }
    }

    public int length() {
        return end - start;
    }

    public boolean overlaps(Finding other) {
        return start < other.end && other.start < end;
    }
}
