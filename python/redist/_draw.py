"""Schedule.draw(): the space-time diagram of `redist plan --svg`, drawn with matplotlib."""


def draw_schedule(schedule, ax=None, title=None):
    """One lane per processor, time to the right, one bar per transfer: the upper half of P_i's lane
    holds its sends to P_{i+1}, the lower half its sends to P_{i-1}. Returns the matplotlib Axes."""
    try:
        import matplotlib.pyplot as plt
        from matplotlib.collections import PolyCollection
    except ImportError as missing:  # matplotlib is optional: only draw() needs it
        raise ImportError("Schedule.draw() needs matplotlib (Debian: python3-matplotlib)") from missing
    import numpy as np

    ring = schedule.ring
    n = ring.n
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 1 + 0.35 * min(n, 40)))
    start, end = schedule.start, schedule.end
    sender = schedule["from"].astype(np.int64)
    receiver = schedule.to.astype(np.int64)
    link = schedule.link
    to_succ = np.where(link >= 0, link == 0, receiver == (sender + 1) % n)
    low = sender + np.where(to_succ, 0.0, -0.45)
    high = low + 0.45
    boxes = np.stack([np.stack([start, low], 1), np.stack([end, low], 1),
                      np.stack([end, high], 1), np.stack([start, high], 1)], 1)
    colours = np.where(to_succ[:, None], [[0.2, 0.45, 0.75, 1]], [[0.85, 0.45, 0.15, 1]])
    ax.add_collection(PolyCollection(boxes, facecolors=colours, edgecolors="white", linewidths=0.3))
    ax.set_xlim(0, max(float(end.max()) if len(end) else 0.0, 1e-9))
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_yticks(range(n) if n <= 40 else np.linspace(0, n - 1, 9).round().astype(int))
    ax.set_yticklabels([f"P{i}" for i in ax.get_yticks()])
    ax.set_xlabel("time")
    ax.invert_yaxis()
    from matplotlib.patches import Patch
    ax.legend(handles=[Patch(color=(0.2, 0.45, 0.75), label="to P(i+1)"),
                       Patch(color=(0.85, 0.45, 0.15), label="to P(i-1)")],
              loc="upper right", fontsize="small")
    if title is not None:
        ax.set_title(title)
    return ax
