package dev.capplanner.snapshot.authorization;

/** Whether a catalog entry enters a run's snapshot, and if not, why. */
public sealed interface Eligibility {

    record Eligible() implements Eligibility {
    }

    record Excluded(String reason) implements Eligibility {
    }

    static Eligibility eligible() {
        return new Eligible();
    }

    static Eligibility excluded(String reason) {
        return new Excluded(reason);
    }
}
