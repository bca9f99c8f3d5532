package dev.capplanner.reports.masking;

import java.util.List;

/** Finds one family of sensitive values in free text. */
public interface Detector {

    List<Finding> find(String text);
}
