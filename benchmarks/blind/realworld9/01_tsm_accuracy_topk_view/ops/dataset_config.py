import os
import numpy as np

ROOT_DATASET = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'data')


def _make_toy(root, n_videos, num_class, image_size, seed):
    rng = np.random.RandomState(seed)
    lines = []
    for i in range(n_videos):
        n_frames = int(rng.randint(16, 32))
        label = int(rng.randint(num_class))
        frames = rng.randint(0, 256, size=(n_frames, image_size, image_size, 3)).astype(np.uint8)
        name = 'video_%04d' % i
        np.save(os.path.join(root, name + '.npy'), frames)
        lines.append('%s %d %d' % (name, n_frames, label))
    return lines


def return_toyvideo(modality):
    num_class = 12
    root = os.path.join(ROOT_DATASET, 'toyvideo')
    if not os.path.exists(os.path.join(root, 'train_videofolder.txt')):
        os.makedirs(root, exist_ok=True)
        lines = _make_toy(root, 48, num_class, 64, seed=0)
        with open(os.path.join(root, 'train_videofolder.txt'), 'w') as f:
            f.write('\n'.join(lines[:40]) + '\n')
        with open(os.path.join(root, 'val_videofolder.txt'), 'w') as f:
            f.write('\n'.join(lines[40:]) + '\n')
    filename_imglist_train = os.path.join(root, 'train_videofolder.txt')
    filename_imglist_val = os.path.join(root, 'val_videofolder.txt')
    return num_class, filename_imglist_train, filename_imglist_val, root


def return_dataset(dataset, modality):
    dict_single = {'toyvideo': return_toyvideo}
    if dataset in dict_single:
        file_categories, file_imglist_train, file_imglist_val, root_data = dict_single[dataset](modality)
    else:
        raise ValueError('Unknown dataset ' + dataset)
    return file_categories, file_imglist_train, file_imglist_val, root_data, None
