#coding:utf8
import time


class Config:
    model = 'SceneNet'
    num_classes = 80
    img_size = 64
    train_num = 161
    val_num = 64
    batch_size = 16
    num_workers = 0
    shuffle = True
    lr1 = 0
    lr2 = 0.0005
    lr_decay = 0.5
    max_epoch = 2
    weight_decay = 1e-5
    plot_every = 5
    seed = 1000
    load_path = None
    save_dir = None

    def parse(self, kwargs, print_=True):
        for k, v in kwargs.items():
            if not hasattr(self, k):
                raise Exception("opt has not attribute <%s>" % k)
            setattr(self, k, v)
        if print_:
            print('user config:')
            print('#################################')
            for k in dir(self):
                if not k.startswith('_') and k != 'parse' and k != 'state_dict':
                    print(k, getattr(self, k))
            print('#################################')
        return self

    def state_dict(self):
        return {k: getattr(self, k) for k in dir(self) if not k.startswith('_') and k != 'parse' and k != 'state_dict'}


opt = Config()
