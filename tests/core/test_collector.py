"""core.collector: what exists at the freeze is skipped by full collections,
and what is made after it is collected as usual."""

import gc
import weakref

from core.collector import freeze_imports


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_frozen_objects_are_kept_and_later_cycles_are_still_collected():
    before = Node()
    seen_before = weakref.ref(before)
    try:
        assert freeze_imports() >= 1
        assert gc.get_freeze_count() >= 1
        del before
        gc.collect()
        assert seen_before() is not None  # frozen: the full pass did not look at it
        after = Node()
        seen_after = weakref.ref(after)
        del after
        gc.collect()
        assert seen_after() is None  # made after the freeze: collected as usual
    finally:
        gc.unfreeze()
    gc.collect()
    assert seen_before() is None  # back among the tracked objects, and garbage
