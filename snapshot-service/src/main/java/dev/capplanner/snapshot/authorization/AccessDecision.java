package dev.capplanner.snapshot.authorization;

/** Whether a principal may use a capability, and if not, why (for logs, metrics and the explain API). */
public sealed interface AccessDecision {

    boolean allowed();

    record Allowed() implements AccessDecision {
        @Override
        public boolean allowed() {
            return true;
        }
    }

    record Denied(String reason) implements AccessDecision {
        @Override
        public boolean allowed() {
            return false;
        }
    }

    static AccessDecision allow() {
        return new Allowed();
    }

    static AccessDecision deny(String reason) {
        return new Denied(reason);
    }
}
