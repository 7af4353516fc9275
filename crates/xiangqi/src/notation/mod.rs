//! Move notation: ICCS coordinates, WXF, and Chinese.
