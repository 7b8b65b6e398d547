from typing import List, Tuple
import math

import numpy as np


def create_binary_list_from_int(number: int) -> List[int]:
    """Binary digits of a positive integer, most significant first."""
    if number < 0 or type(number) is not int:
        raise ValueError("Only Positive integers are allowed")
    return [int(x) for x in list(bin(number))[2:]]


def generate_even_data(max_int: int, batch_size: int = 16) -> Tuple[List[int], List[List[int]]]:
    """Samples a batch of even numbers below max_int as zero-padded binary lists.

    Returns:
        labels: all ones (every sample is a real even number)
        data: batch_size binary lists of length log2(max_int)
    """
    max_length = int(math.log(max_int, 2))
    sampled_integers = np.random.randint(0, int(max_int / 2), batch_size)
    labels = [1] * batch_size
    data = [create_binary_list_from_int(int(x * 2)) for x in sampled_integers]
    data = [([0] * (max_length - len(x))) + x for x in data]
    return labels, data


def convert_float_matrix_to_int_list(float_matrix, threshold: float = 0.5) -> List[int]:
    """Thresholds generator output and reads each row back as an integer."""
    return [int("".join([str(int(y)) for y in x]), 2) for x in float_matrix >= threshold]
