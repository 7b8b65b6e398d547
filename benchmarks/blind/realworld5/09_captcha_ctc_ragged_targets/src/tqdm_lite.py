def tqdm(iterable, total=None):
    for x in iterable:
        yield x
